/**
 * BACKUP-1, BACKUP-3 through a lost disk: the real server (`scripts/spawn-server.ts`; run
 * `node scripts/build.mjs` first) copies to a real S3 server on loopback (s3rver) while guests send
 * requests, the owner accepts, declines and uploads photos; at a random moment it is killed with
 * SIGKILL and its DATA_DIR deleted; `npm run admin -- restore --from-backup-target` fills a new
 * one from the bucket and the server started on it has every booking answered 201 at least 2 s
 * before the kill with its status and mail state, serves every photo uploaded 2 s before, and
 * serves the same pages.
 * Iterations: BACKUP_DISASTER_RUNS (default 2), each with ~20 s of traffic.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import type { BookingCreated, OwnerBooking } from '../../shared/bookings.js';
import { addDays, today } from '../../shared/calendar-dates.js';
import { spawnServer, type SpawnedServer } from '../../../scripts/spawn-server.js';
import { S3RVER_KEY_ID, startS3rver } from '../../../test/cdn-stand-in.js';
import { tempDir, type Cleanups } from '../../../test/nginx-stand-in.js';
import { multipartBody } from '../../../test/test-helpers.js';

const RUNS = Number(process.env.BACKUP_DISASTER_RUNS ?? 2);
const TRAFFIC_MS = 20_000;
const BUCKET = 'stays-backup';
const OWNER = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'disaster-correct-horse-battery' };
const PROPERTY = 'mullayanagiri-foothills-retreat';
const run = promisify(execFile);

const cleanups: Cleanups = [];
const running: SpawnedServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: OWNER.ADMIN_USERNAME, password: OWNER.ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Every booking of the owner's list, page after page (PERF-12). */
async function inbox(url: string, cookie: string): Promise<OwnerBooking[]> {
  const all: OwnerBooking[] = [];
  let cursor: string | undefined;
  do {
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await fetch(`${url}/api/bookings?status=all&limit=100${after}`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { bookings: OwnerBooking[]; nextCursor?: string };
    all.push(...page.bookings);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return all;
}

/** A page without what differs by run: the server's port (no SITE_URL), the publish's time and data script hash. */
function pageShape(html: string, origin: string): string {
  return html
    .replaceAll(origin, 'ORIGIN')
    .replace(/site-data\.[0-9a-f]{12}\.js/g, 'site-data.js')
    .replace(/"publishedAt":"[^"]+"/g, '');
}

/** What the test knows of a booking: its last answer and when it came, ms. */
interface Known {
  booking: { status: string; mailProblems?: string[] } | undefined;
  answeredAt: number;
  /** When an action on it was last sent (its outcome unknown until answered). */
  lastSentAt: number;
}

it(`loses nothing answered 2 s before a SIGKILL when DATA_DIR is lost (${RUNS} random kill points)`, async () => {
  const endpoint = await startS3rver(cleanups, BUCKET);
  const backupEnv = {
    BACKUP_TARGET: `s3://${BUCKET}/copy`,
    BACKUP_KEY: crypto.randomBytes(32).toString('base64'),
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: S3RVER_KEY_ID,
    AWS_SECRET_ACCESS_KEY: 'disaster-secret',
    BOOKING_REQUESTS_PER_HOUR: '100000',
  };
  const root = tempDir(cleanups, 'stays-disaster-');
  /** `npm run admin -- restore --from-backup-target` into `dataDir`, as the owner would run it. */
  const restoreInto = async (dataDir: string) => {
    const restored = await run(
      'node_modules/.bin/tsx',
      ['src/server/cli/admin.ts', 'restore', '--from-backup-target'],
      { env: { ...process.env, ...OWNER, ...backupEnv, DATA_DIR: dataDir } },
    );
    expect(restored.stdout).toContain('Restored the copy');
  };
  let nightsFrom = 20;
  for (let iteration = 0; iteration < RUNS; iteration++) {
    const dataDir = path.join(root, `data-${iteration}`);
    if (iteration > 0) {
      await restoreInto(dataDir);
    }
    const server = await spawnServer({ ...OWNER, ...backupEnv, DATA_DIR: dataDir });
    running.push(server);
    const { url } = server;
    const cookie = await login(url);
    const known = new Map<string, Known>();
    const photos = new Map<string, number>();
    const pagesBefore = pageShape(await (await fetch(`${url}/stay/${PROPERTY}`)).text(), url);
    const startedAt = Date.now();
    const killAt = startedAt + 6_000 + Math.random() * (TRAFFIC_MS - 6_000);
    let stop = false;
    let i = 0;

    const guests = (async () => {
      while (!stop) {
        const checkIn = addDays(today(), nightsFrom);
        nightsFrom += 2;
        const name = `Disaster Guest ${iteration}-${i++}`;
        const res = await fetch(`${url}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({
            propertyId: PROPERTY,
            checkIn,
            checkOut: addDays(checkIn, 2),
            guests: 2,
            name,
            phone: '+91 98450 77777',
          }),
        }).catch(() => undefined);
        if (res?.status !== 201) continue;
        const created = (await res.json()) as BookingCreated;
        known.set(created.id, {
          booking: { status: 'requested' },
          answeredAt: Date.now(),
          lastSentAt: 0,
        });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const ownerActions = (async () => {
      let n = 0;
      while (!stop) {
        await new Promise((r) => setTimeout(r, 400));
        const open = [...known.entries()].filter(([, k]) => k.booking?.status === 'requested');
        const target = open[Math.floor(Math.random() * open.length)];
        if (target) {
          const [id, entry] = target;
          entry.lastSentAt = Date.now();
          const action = n++ % 3 === 2 ? 'decline' : 'accept';
          const res = await fetch(`${url}/api/bookings/${id}/${action}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: url, cookie },
            body: '{}',
          }).catch(() => undefined);
          if (res?.status === 200) {
            entry.booking = ((await res.json()) as { booking: OwnerBooking }).booking;
            entry.answeredAt = Date.now();
          }
        }
        if (n % 4 === 0) {
          const name = `disaster-${iteration}-${n}.jpg`;
          const bytes = await sharp({
            create: { width: 64, height: 48, channels: 3, background: { r: n * 7, g: 90, b: 40 } },
          })
            .jpeg()
            .toBuffer();
          const body = multipartBody([
            { name: 'file', filename: name, contentType: 'image/jpeg', bytes },
          ]);
          const res = await fetch(`${url}/api/upload`, {
            method: 'POST',
            headers: { ...body.headers, origin: url, cookie },
            body: new Uint8Array(body.payload),
          }).catch(() => undefined);
          if (res?.status === 200) photos.set(name, Date.now());
        }
      }
    })();

    await new Promise((r) => setTimeout(r, killAt - Date.now()));
    await server.kill();
    const killedAt = Date.now();
    running.splice(running.indexOf(server), 1);
    stop = true;
    await Promise.all([guests, ownerActions]);
    fs.rmSync(dataDir, { recursive: true, force: true });

    const restoredDir = path.join(root, `restored-${iteration}`);
    await restoreInto(restoredDir);
    const second = await spawnServer({ ...OWNER, ...backupEnv, DATA_DIR: restoredDir });
    running.push(second);
    const after = new Map((await inbox(second.url, await login(second.url))).map((b) => [b.id, b]));

    const settled = [...known.entries()].filter(([, k]) => k.answeredAt <= killedAt - 2000);
    expect(settled.length).toBeGreaterThan(10);
    for (const [id, k] of settled) {
      const b = after.get(id);
      expect(
        b,
        `booking ${id} answered ${killedAt - k.answeredAt} ms before the kill`,
      ).toBeDefined();
      // An action sent after the last settled answer may or may not have landed.
      if (k.lastSentAt > k.answeredAt) continue;
      expect(b!.status).toBe(k.booking!.status);
      if (k.booking!.mailProblems) expect(b!.mailProblems).toEqual(k.booking!.mailProblems);
    }
    const settledPhotos = [...photos.entries()].filter(([, at]) => at <= killedAt - 2000);
    for (const [name] of settledPhotos) {
      expect((await fetch(`${second.url}/imported-images/${name}`)).status).toBe(200);
    }
    expect(
      pageShape(await (await fetch(`${second.url}/stay/${PROPERTY}`)).text(), second.url),
    ).toBe(pagesBefore);
    console.log(
      `disaster run ${iteration + 1}/${RUNS}: killed ${Math.round((killedAt - startedAt) / 1000)} s in, ${settled.length} bookings and ${settledPhotos.length} photos settled 2 s before the kill, all restored`,
    );
    await second.stop();
    running.splice(running.indexOf(second), 1);
    // The next iteration restores from the bucket this restored server kept copying.
    fs.rmSync(restoredDir, { recursive: true, force: true });
  }
}, 600_000);
