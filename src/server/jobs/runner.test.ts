/**
 * One runner for timed work (JOB-1..JOB-5, decisions 042, 051) on real SQLite files: every
 * declared job appears in `/healthz` after it has run (the mail outbox and, with a period, the
 * feeds' sync among them); two app instances (two connections, as two processes have) on one
 * database run a job once; a failing job is backed off, reported and stops no other; a job's own
 * next-due time brings its next run forward.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDb, type Db } from '../store/db.js';
import { openJobsDb } from './store.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { BACKOFF_FIRST_MS, JobRunner, backoffMs, type JobHealth } from './runner.js';
import { syncPeriodMs } from '../calendar/sync.js';
import { startFeedServer, type FeedServer } from '../../../test/test-feed-server.js';
import type { FastifyBaseLogger } from 'fastify';

let t: TestApp | undefined;
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  await t?.cleanup();
  t = undefined;
});

/** A logger that keeps what it is told, as lines. */
function memoryLog(lines: string[]): FastifyBaseLogger {
  const log = {
    level: 'info',
    info: (o: object, m: string) => lines.push(`info ${m} ${JSON.stringify(o)}`),
    error: (o: object, m: string) => lines.push(`error ${m} ${JSON.stringify(o)}`),
    warn: () => {},
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    silent: () => {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('JOB-4: /healthz lists every job after it has run', () => {
  it('names each declared job with its last run and last success, and no error', async () => {
    t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0' });
    await t.publishCatalogue(testCatalogue());
    const health = async () =>
      (await t!.app.inject({ method: 'GET', url: '/healthz' })).json() as { jobs: JobHealth[] };
    const names = [
      'booking-expiry',
      'guest-data-erasure',
      'payment-links',
      'payment-checks',
      'invoices',
      'guest-messages',
      'register-reminders',
      'register-erasure',
      'reviews',
      'privacy-sweep',
      'mail-outbox',
      'payment-reference-erasure',
      'gst-recipient-erasure',
      'access-log-erasure',
    ];
    let jobs: JobHealth[] = [];
    const end = Date.now() + 15_000;
    while (Date.now() < end) {
      jobs = (await health()).jobs;
      if (jobs.every((j) => j.lastSuccessAt !== null)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(jobs.map((j) => j.name)).toEqual(names);
    for (const j of jobs) {
      expect(j, j.name).toMatchObject({ lastError: null, lastErrorAt: null, failuresInARow: 0 });
      expect(Date.parse(j.lastRunAt!), j.name).toBeGreaterThan(0);
      expect(Date.parse(j.lastSuccessAt!), j.name).toBeGreaterThanOrEqual(Date.parse(j.lastRunAt!));
      expect(Date.parse(j.nextDueAt), j.name).toBeGreaterThan(Date.parse(j.lastRunAt!));
    }
  });
});

describe('JOB-2: two processes on one database run a job once', () => {
  it('two app instances on one DATA_DIR: each job ran once at start, whichever started first', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-jobs-'));
    closing.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SITE_URL: 'http://localhost',
      CALENDAR_SYNC_MINUTES: '0',
    });
    const clock = () => Date.parse('2026-11-27T10:00:00Z');
    const apps: BuiltApp[] = [];
    for (let i = 0; i < 2; i += 1) {
      const built = await buildApp(config, { clock });
      apps.push(built);
      closing.unshift(() => built.app.close());
    }
    await Promise.all(apps.map((a) => a.app.ready()));
    // The claims are in DATA_DIR's jobs file (decision 054), read here on a third connection.
    const jobsDb = openJobsDb(dataDir);
    closing.unshift(() => void jobsDb.close());
    const runs = () =>
      jobsDb.prepare('SELECT name, runs FROM job_runs ORDER BY name').all() as {
        name: string;
        runs: number;
      }[];
    const settled = await until(
      runs,
      (rows) => rows.length === apps[0]!.runner.jobs.length && rows.every((r) => r.runs >= 1),
    );
    expect(settled.map((r) => r.runs)).toEqual(settled.map(() => 1));
    // Asked again at the same instant, neither runs a job that is not due.
    expect(await apps[0]!.runner.runDue()).toEqual([]);
    expect(await apps[1]!.runner.runDue()).toEqual([]);
  });

  it('two runners on two connections, asked at once for a slow job, run it once; the lease frees it after', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-jobs-'));
    const dbs: Db[] = [openJobsDb(dataDir), openJobsDb(dataDir)];
    closing.push(() => {
      for (const db of dbs) db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    let now = Date.parse('2026-11-27T10:00:00Z');
    let ran = 0;
    const job = {
      name: 'slow',
      everyMs: 60_000,
      run: async () => {
        ran += 1;
        await new Promise((r) => setTimeout(r, 200));
      },
    };
    const lines: string[] = [];
    const [a, b] = dbs.map((db) => new JobRunner(db, memoryLog(lines), () => now, [job]));
    const [ranA, ranB] = await Promise.all([a!.runDue(), b!.runDue()]);
    expect(ran).toBe(1);
    expect([...ranA, ...ranB]).toEqual(['slow']);
    // Not due for the other either until its period has passed.
    now += 59_000;
    expect(await b!.runDue()).toEqual([]);
    now += 1_000;
    expect(await b!.runDue()).toEqual(['slow']);
    expect(ran).toBe(2);
  });
});

describe('JOB-3, JOB-5: one back-off; no job’s error stops another', () => {
  it('backs a failing job off 30 s doubled, at most its period, reports it, and runs the others', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-jobs-'));
    const db = openJobsDb(dataDir);
    closing.push(() => {
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    let now = Date.parse('2026-11-27T10:00:00Z');
    let good = 0;
    let broken = true;
    const lines: string[] = [];
    const runner = new JobRunner(db, memoryLog(lines), () => now, [
      {
        name: 'failing',
        everyMs: 5 * 60_000,
        run: () => {
          if (broken)
            throw Object.assign(new Error('SMTP said no to asha@example.test'), { code: 'EAUTH' });
        },
      },
      { name: 'good', everyMs: 60_000, run: () => ({ done: (good += 1) }) },
    ]);
    expect((await runner.runDue()).sort()).toEqual(['failing', 'good']);
    expect(good).toBe(1);
    const failing = () => runner.health().find((j) => j.name === 'failing')!;
    expect(failing()).toMatchObject({ lastError: 'EAUTH', failuresInARow: 1, lastSuccessAt: null });
    expect(Date.parse(failing().nextDueAt) - now).toBe(BACKOFF_FIRST_MS);
    // The error's words stay in the log (with the job's name), never in /healthz.
    expect(
      lines.some((l) => l.startsWith('error timed job failed') && l.includes('"job":"failing"')),
    ).toBe(true);
    expect(JSON.stringify(runner.health())).not.toContain('asha');

    now += BACKOFF_FIRST_MS;
    await runner.runDue();
    expect(failing().failuresInARow).toBe(2);
    expect(Date.parse(failing().nextDueAt) - now).toBe(2 * BACKOFF_FIRST_MS);
    broken = false;
    now += 2 * BACKOFF_FIRST_MS;
    await runner.runDue();
    expect(failing()).toMatchObject({ failuresInARow: 0, lastError: 'EAUTH' });
    expect(failing().lastSuccessAt).toBe(new Date(now).toISOString());
    expect(good).toBe(2);
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffMs(n, 5 * 60_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });
});

describe('JOB-1: the outbox and the feeds on the runner (decision 051)', () => {
  it("a job's own next-due time brings its next run forward, never past its period nor sooner than a second", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-jobs-'));
    const db = openJobsDb(dataDir);
    closing.push(() => {
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const now = Date.parse('2026-11-27T10:00:00Z');
    let own: number | undefined = now + 20_000;
    const runner = new JobRunner(db, memoryLog([]), () => now, [
      { name: 'outbox', everyMs: 60_000, nextDue: () => own, run: () => ({}) },
    ]);
    const next = () => Date.parse(runner.health()[0]!.nextDueAt) - now;
    await runner.runNow('outbox');
    expect(next()).toBe(20_000);
    own = now + 10 * 60_000;
    await runner.runNow('outbox');
    expect(next()).toBe(60_000);
    own = now - 5_000;
    await runner.runNow('outbox');
    expect(next()).toBe(1_000);
    own = undefined;
    await runner.runNow('outbox');
    expect(next()).toBe(60_000);
  });

  it("the feeds sync as the runner's feed-sync job every CALENDAR_SYNC_MINUTES, jittered by at most 10 %", async () => {
    expect(syncPeriodMs(0)).toBeUndefined();
    expect([0, 0.5, 1].map((r) => syncPeriodMs(15, r))).toEqual([810_000, 900_000, 990_000]);
    const feeds: FeedServer = await startFeedServer();
    closing.push(() => feeds.close());
    feeds.set('/airbnb.ics', {
      kind: 'text',
      contentType: 'text/calendar',
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
        'BEGIN:VEVENT',
        'DTSTAMP:20260101T000000Z',
        'DTSTART;VALUE=DATE:20270110',
        'DTEND;VALUE=DATE:20270112',
        'UID:runner@airbnb.com',
        'SUMMARY:Reserved',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '15', CALENDAR_ALLOW_PRIVATE: 'true' });
    await t.publishCatalogue(testCatalogue());
    const job = t.runner.jobs.find((j) => j.name === 'feed-sync')!;
    expect(job.everyMs).toBeGreaterThanOrEqual(810_000);
    expect(job.everyMs).toBeLessThanOrEqual(990_000);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/calendar/stay-1',
      headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({
        feeds: [{ label: 'Airbnb', url: `${feeds.origin}/airbnb.ics` }],
        blocks: [],
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.runner.runNow('feed-sync')).toBe(true);
    const seen = t.ctx.db.prepare("SELECT uid FROM ledger_events WHERE kind = 'seen'").all() as {
      uid: string;
    }[];
    expect(seen).toEqual([{ uid: 'runner@airbnb.com' }]);
    const health = (await t.app.inject({ method: 'GET', url: '/healthz' })).json() as {
      jobs: JobHealth[];
    };
    expect(health.jobs.find((j) => j.name === 'feed-sync')).toMatchObject({ lastError: null });
  });
});

describe('decision 054: the runner keeps its own file, apart from the main database', () => {
  it('migration 034 drops an older database’s job_runs; a jobs file of another schema is made anew', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-jobs-'));
    closing.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // A database as migration 025 left it, before 034.
    const old = openDb(dataDir, 0);
    old.exec(`CREATE TABLE job_runs (name TEXT PRIMARY KEY, next_due INTEGER NOT NULL DEFAULT 0);
      INSERT INTO job_runs (name) VALUES ('mail-outbox');
      DELETE FROM schema_migrations WHERE version = 34;`);
    old.close();
    const db = openDb(dataDir, 0);
    const tables = () => db.prepare("SELECT name FROM sqlite_master WHERE name = 'job_runs'").all();
    try {
      expect(tables()).toEqual([]);
    } finally {
      db.close();
    }

    const stale = openJobsDb(dataDir);
    stale.exec("INSERT INTO job_runs (name, runs) VALUES ('gone', 7)");
    stale.pragma('user_version = 0');
    stale.close();
    const jobsDb = openJobsDb(dataDir);
    closing.unshift(() => void jobsDb.close());
    expect(jobsDb.prepare('SELECT name FROM job_runs').all()).toEqual([]);
    const runner = new JobRunner(jobsDb, memoryLog([]), () => 0, [
      { name: 'good', everyMs: 60_000, run: () => ({}) },
    ]);
    expect(runner.health()).toMatchObject([{ name: 'good', lastRunAt: null }]);
  });
});
