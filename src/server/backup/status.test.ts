/**
 * BACKUP-4 through the app: `/healthz` and the owner's `GET /api/backup-status` tell the copy's
 * state; while the bucket does not answer they say why, and past 10 minutes of lag the owner is
 * mailed once through the outbox. Without BACKUP_TARGET the status says there is no copy.
 */
import crypto from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import { S3RVER_KEY_ID, startS3rver } from '../../../test/cdn-stand-in.js';
import type { Cleanups } from '../../../test/nginx-stand-in.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

const BUCKET = 'stays-status-test';
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function app(env: NodeJS.ProcessEnv, clock?: () => number): Promise<TestApp> {
  const t = await makeTestApp(env, clock ? { clock } : {});
  cleanups.push(() => t.cleanup());
  await t.app.ready();
  saveRevision(
    t.ctx.db,
    testCatalogue({ propertyList: [{ name: 'Coffee View Suite' }] }),
    'test',
    t.ctx.clock(),
  );
  await t.ctx.publisher.publish();
  return t;
}

it('tells the last copy and its lag, then why it cannot copy, and mails the owner once past 10 minutes', async () => {
  const s3: Cleanups = [];
  const endpoint = await startS3rver(s3, BUCKET);
  cleanups.push(async () => {
    for (const stop of s3.splice(0)) await stop();
  });
  let now = Date.now();
  const t = await app(
    {
      BACKUP_TARGET: `s3://${BUCKET}/copy`,
      BACKUP_KEY: crypto.randomBytes(32).toString('base64'),
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_KEY_ID,
      AWS_SECRET_ACCESS_KEY: 'status-secret',
      NOTIFY_EMAIL: 'owner@stays.example',
    },
    () => now,
  );
  const status = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/backup-status', headers: t.ownerHeaders })
    ).json();
  expect((await t.app.inject({ method: 'GET', url: '/api/backup-status' })).statusCode).toBe(401);
  const copied = await until(async () => {
    const s = await status();
    return s.lastCopyAt && s.lagSeconds === 0 ? s : undefined;
  });
  expect(copied).toEqual({ configured: true, lastCopyAt: expect.any(String), lagSeconds: 0 });
  const health = (await t.app.inject({ method: 'GET', url: '/healthz' })).json();
  expect(health.backup).toEqual({ lastCopyAt: copied.lastCopyAt, lagSeconds: 0 });

  for (const stop of s3.splice(0)) await stop();
  t.ctx.db.prepare("UPDATE revisions SET author = 'after the bucket went away'").run();
  const failing = await until(async () => {
    const h = (await t.app.inject({ method: 'GET', url: '/healthz' })).json();
    return h.backup?.error ? h : undefined;
  });
  expect(failing.backup.error).toMatch(/^The copy off the machine failed: /);
  const lagMails = () =>
    t.ctx.db
      .prepare("SELECT recipient, subject FROM mail_outbox WHERE kind = 'owner-backup-lag'")
      .all();
  expect(lagMails()).toEqual([]);
  now += 11 * 60_000;
  await until(async () => (lagMails().length > 0 ? true : undefined));
  await new Promise((r) => setTimeout(r, 1000));
  expect(lagMails()).toEqual([
    { recipient: 'owner@stays.example', subject: 'The off-machine copy is 11 minutes behind' },
  ]);
  expect((await status()).lagSeconds).toBeGreaterThanOrEqual(660);
}, 30_000);

it('says there is no copy off the machine without BACKUP_TARGET', async () => {
  const t = await app({});
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/backup-status',
    headers: t.ownerHeaders,
  });
  expect(answer.json()).toEqual({ configured: false });
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json().backup).toBeUndefined();
});
