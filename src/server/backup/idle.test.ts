/**
 * BACKUP-1 on an idle server (decision 054), through the app on a real DATA_DIR and a real S3
 * server on loopback (s3rver), with the app's clock moved: once the first copies are made, the
 * timed jobs run again and again (every job, an hour of the clock apart) and no new generation is
 * sealed, since the runner's bookkeeping is in DATA_DIR's jobs file, not the database the copy
 * watches; a guest's booking request then is copied as the next generation.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import { testCatalogue } from '../../../test/factories.js';
import { S3RVER_KEY_ID, startS3rver } from '../../../test/cdn-stand-in.js';
import type { Cleanups } from '../../../test/nginx-stand-in.js';
import { makeTestApp } from '../../../test/test-helpers.js';
import { JOBS_FILE } from '../jobs/store.js';
import type { BackupService, CopyEvent } from './service.js';

const BUCKET = 'stays-idle-test';
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Longer than two of the copy's 250 ms looks at `data_version` and a copy to s3rver. */
const SETTLE_MS = 1200;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

it('an idle server seals no new generation however often its jobs run; a booking request is copied', async () => {
  const endpoint = await startS3rver(cleanups, BUCKET);
  let now = Date.now();
  const t = await makeTestApp(
    {
      CALENDAR_SYNC_MINUTES: '0',
      BACKUP_TARGET: `s3://${BUCKET}/copy`,
      BACKUP_KEY: crypto.randomBytes(32).toString('base64'),
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_KEY_ID,
      AWS_SECRET_ACCESS_KEY: 'idle-secret',
    },
    { clock: () => now },
  );
  cleanups.push(() => t.cleanup());
  const copies: CopyEvent[] = [];
  (t.ctx.backup as BackupService).onCopied((e) => copies.push(e));
  await t.publishCatalogue(testCatalogue());
  // The first copies: the catalogue, the owner's session, the jobs' first runs at start.
  const deadline = Date.now() + 15_000;
  for (let seen = -1; seen !== copies.length && Date.now() < deadline;) {
    seen = copies.length;
    await settle();
  }
  expect(copies.length).toBeGreaterThanOrEqual(1);
  const first = copies.length;

  // The runner's claims are in its own file, the database the copy watches holds none.
  expect(fs.existsSync(path.join(t.dataDir, JOBS_FILE))).toBe(true);
  const reader = new Database(path.join(t.dataDir, 'stays.sqlite3'), { readonly: true });
  cleanups.push(() => void reader.close());
  expect(reader.prepare("SELECT name FROM sqlite_master WHERE name = 'job_runs'").all()).toEqual(
    [],
  );
  const version = reader.pragma('data_version', { simple: true });

  const names = t.runner.jobs.map((j) => j.name).sort();
  for (let round = 0; round < 4; round += 1) {
    now += 61 * 60_000; // past every job's period: each is due again
    expect((await t.runner.runDue()).sort()).toEqual(names);
    await settle();
    expect(copies.length, `round ${round}`).toBe(first);
  }
  expect(reader.pragma('data_version', { simple: true })).toBe(version);
  expect(t.runner.health().every((j) => j.lastError === null)).toBe(true);

  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: '10.0.0.54',
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    payload: JSON.stringify({
      propertyId: 'stay-1',
      guests: 2,
      name: 'Asha Rao',
      phone: '094480 11111',
      email: 'asha@example.test',
      checkIn: addDays(today(now), 10),
      checkOut: addDays(today(now), 12),
    }),
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const until = Date.now() + 10_000;
  while (copies.length === first && Date.now() < until) await settle();
  expect(copies.length).toBeGreaterThan(first);
  expect(copies.at(-1)!.generation).toBe(copies[first - 1]!.generation + 1);
}, 60_000);
