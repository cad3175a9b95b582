/**
 * PRIV-1: the one retention table. Every class of guests' data reaches an erasure job (the jobs
 * name the classes they erase and read their periods from the table), or the desk's erasure (a
 * review, kept until withdrawn), or is marked kept by a law with its period; README.md holds the
 * table word for word; the configured days are what the jobs use. That every class reaches the
 * privacy page is held by page.test.ts (each row's words and period on both pages).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { BOOKING_ERASES } from '../bookings/service.js';
import { REGISTER_ERASES } from '../register/service.js';
import { BACKUP_ERASES } from '../backup/service.js';
import { RECORDED_ERASES } from '../payments/recorded.js';
import { DESK_ERASES, PRIVACY_ERASES } from './service.js';
import { DATA_CLASSES, RETENTION, keptDays, keptWords, retentionMarkdown } from './retention.js';

const README = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('PRIV-1: the retention table', () => {
  it('has one row per class, in order', () => {
    expect(RETENTION.map((r) => r.id)).toEqual([...DATA_CLASSES]);
  });

  it('every class kept for a number of days is erased by a job; one kept until withdrawn by the desk’s erasure; every other is kept by a law with its period', () => {
    const erasedByJobs = new Set([
      ...BOOKING_ERASES,
      ...REGISTER_ERASES,
      ...BACKUP_ERASES,
      ...PRIVACY_ERASES,
      ...RECORDED_ERASES,
    ]);
    for (const row of RETENTION) {
      const kept = row.keptFor;
      if (kept.kind === 'days') expect(erasedByJobs.has(row.id), row.id).toBe(true);
      if (kept.kind === 'until-withdrawn') expect(DESK_ERASES, row.id).toContain(row.id);
      if (kept.kind === 'law') {
        expect(kept.law, row.id).toMatch(/Act|Rules/);
        expect(kept.period.en, row.id).toMatch(/\d|one year/);
        expect(kept.period.kn, row.id).not.toBe('');
      }
      expect(row.what.kn && row.purpose.kn && row.ground.kn, row.id).toBeTruthy();
      expect(row.ground.en, row.id).toMatch(/section 7\(a\)|Required by law/);
    }
  });

  it('PRIV-9: the shared links and the recorded payments’ references have their own classes, each erased by a job', () => {
    expect(BOOKING_ERASES).toContain('share-links');
    expect(RECORDED_ERASES).toEqual(['payment-references']);
    const config = loadConfig({ GUEST_DATA_DAYS: '45' });
    expect(keptDays('share-links', config)).toBe(45);
  });

  it('the jobs read the configured days; words carry them', () => {
    const config = loadConfig({ GUEST_DATA_DAYS: '30', REGISTER_DAYS: '500' });
    expect(keptDays('booking-contacts', config)).toBe(30);
    expect(keptDays('register', config)).toBe(500);
    expect(keptDays('backup', config)).toBe(7);
    expect(keptWords(RETENTION[0]!, 'en', config)).toMatch(/^30 days after check-out/);
    expect(keptWords(RETENTION[0]!, 'kn', config)).toMatch(/^30 ದಿನಗಳು/);
    expect(() => keptDays('gst-recipient', config)).toThrow();
  });

  it('README.md holds the table word for word', () => {
    expect(README).toContain(retentionMarkdown());
  });
});
