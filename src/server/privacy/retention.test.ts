/**
 * PRIV-1, PRIV-13: the one retention table. Every class of guests' data reaches an erasure job of
 * the one runner (each job in compose.ts's `timedJobs` names the classes it erases, and reads its
 * period from the table), the off-machine copy its own pruning (the backup's watch, not on the
 * runner), and a review, kept until withdrawn, the desk's erasure; a class kept by a law has its
 * period and is erased when it ends; README.md holds the
 * table word for word; the configured days are what the jobs use. That every class reaches the
 * privacy page is held by page.test.ts (each row's words and period on both pages).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { BOOKING_ERASES } from '../bookings/service.js';
import { BACKUP_ERASES } from '../backup/service.js';
import { RECORDED_ERASES } from '../payments/recorded.js';
import { timedJobs } from '../compose.js';
import { DESK_ERASES } from './service.js';
import { DATA_CLASSES, RETENTION, keptDays, keptWords, retentionMarkdown } from './retention.js';

const README = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('PRIV-1: the retention table', () => {
  it('has one row per class, in order', () => {
    expect(RETENTION.map((r) => r.id)).toEqual([...DATA_CLASSES]);
  });

  it('PRIV-13: every class reaches an erasure job of the one runner (a class without one fails here)', () => {
    const never = () => {
      throw new Error('not run here');
    };
    const jobs = timedJobs({
      mail: { sendDue: never, nextDue: never },
      feeds: { sync: { syncAll: never }, everyMs: 60_000 },
      bookings: { expireStale: never, eraseOld: never },
      gst: { issueDue: never, eraseOldRecipients: never },
      payments: { runDue: never, reconcile: never, eraseOldReferences: never },
      messages: { run: never },
      register: { remindDue: never, eraseOld: never },
      reviews: { run: never },
      privacy: { sweep: never },
      recorded: { eraseOldReferences: never },
      accessLog: { eraseOld: never },
    });
    const jobOf = new Map<string, string>();
    for (const job of jobs) for (const c of job.erases ?? []) jobOf.set(c, job.name);
    for (const row of RETENTION) {
      const kept = row.keptFor;
      if (row.id === 'backup') {
        expect(BACKUP_ERASES).toEqual(['backup']);
        continue;
      }
      if (kept.kind === 'until-withdrawn') {
        expect(DESK_ERASES, row.id).toContain(row.id);
        continue;
      }
      expect(jobOf.get(row.id), `${row.id} has no erasure job`).toBeDefined();
      if (kept.kind === 'law') {
        expect(kept.law, row.id).toMatch(/Act|Rules/);
        expect(kept.period.en, row.id).toMatch(/\d|one year/);
        expect(kept.period.en, row.id).toMatch(/erased/);
        expect(kept.period.kn, row.id).not.toBe('');
      }
      expect(row.what.kn && row.purpose.kn && row.ground.kn, row.id).toBeTruthy();
      expect(row.ground.en, row.id).toMatch(/section 7\(a\)|Required by law/);
    }
    expect(jobOf.get('payments')).toBe('payment-reference-erasure');
    expect(jobOf.get('gst-recipient')).toBe('gst-recipient-erasure');
    expect(jobOf.get('logs')).toBe('access-log-erasure');
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
