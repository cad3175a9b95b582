/**
 * `npm run bench:backup` (BACKUP-1, BACKUP-3): the copy off the machine's figures, against a real
 * S3 server on loopback (s3rver) and the real server process (`node scripts/build.mjs` first):
 * - the copy's lag under steady writes: a guest request every 500 ms for BENCH_BACKUP_SECONDS (60);
 *   each request's lag is from its 201 to the moment /healthz (polled every 50 ms) names a copy
 *   whose snapshot was taken after it; p50 and p99;
 * - the bytes uploaded per minute meanwhile, for the demo site with 100 bookings (the generations
 *   copied times the sealed database and manifest objects' sizes);
 * - the restore time (`npm run admin -- restore --from-backup-target`, re-encoding the demo photos);
 * - the server's resident set with the copy on.
 * Prints one table; bounded (about 3 minutes on 2 cores).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { spawnServer } from '../scripts/spawn-server.js';
import { BackupStore } from '../src/server/backup/store.js';
import { s3Client } from '../src/server/publish/s3-target.js';
import { addDays, today } from '../src/shared/calendar-dates.js';
import { S3RVER_KEY_ID, s3rverBackupConfig, startS3rver } from '../test/cdn-stand-in.js';
import type { Cleanups } from '../test/nginx-stand-in.js';

const SECONDS = Number(process.env.BENCH_BACKUP_SECONDS || 60);
const BUCKET = 'stays-bench-backup';
/** Demo properties the requests are spread over, so their nights stay within the booking horizon. */
const PROPERTIES = [
  'kalasa-road-coffee-cottage',
  'mullayanagiri-foothills-retreat',
  'baba-budangiri-view-apartment',
  'hirekolale-lakeside-suite',
  'aldur-estate-bungalow-flat',
  'ig-road-town-studio',
  'kemmangundi-road-hill-apartment',
];
const run = promisify(execFile);
const cleanups: Cleanups = [];

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** The resident set of `pid`'s child processes (tsx's node process and its workers), MB. */
function treeRssMb(pid: number): number {
  let kb = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    } catch {
      // Exited meanwhile.
    }
  }
  return kb / 1024;
}

async function main(): Promise<void> {
  const endpoint = await startS3rver(cleanups, BUCKET);
  const key = crypto.randomBytes(32);
  const env = {
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: 'bench-correct-horse-battery',
    BACKUP_TARGET: `s3://${BUCKET}/copy`,
    BACKUP_KEY: key.toString('base64'),
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: S3RVER_KEY_ID,
    AWS_SECRET_ACCESS_KEY: 'bench-secret',
    BOOKING_REQUESTS_PER_HOUR: '100000',
  };
  const config = s3rverBackupConfig(endpoint, BUCKET, key);
  let serverPid = 0;
  const server = await spawnServer(env, 300_000, (pid) => (serverPid = pid));
  cleanups.push(() => server.stop());
  let n = 0;
  const book = async (): Promise<number> => {
    for (let attempt = 0; attempt < 10; attempt++, n++) {
      const checkIn = addDays(today(), 20 + 4 * Math.floor(n / PROPERTIES.length));
      const res = await fetch(`${server.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          propertyId: PROPERTIES[n % PROPERTIES.length],
          checkIn,
          checkOut: addDays(checkIn, 3),
          guests: 2,
          name: `Bench Guest ${n}`,
          phone: '+91 98450 12121',
          email: `guest${n}@example.in`,
        }),
      });
      // A night the demo rules refuse (a minimum stay) is skipped: the next request takes others.
      if (res.status === 201) {
        n++;
        return Date.now();
      }
      if (res.status !== 400 && res.status !== 409)
        throw new Error(`booking answered ${res.status}: ${await res.text()}`);
    }
    throw new Error('ten booking requests in a row were refused');
  };
  for (let i = 0; i < 100; i++) await book();

  const lastCopyAt = async (): Promise<number> => {
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
      backup?: { lastCopyAt?: string };
    };
    return Date.parse(health.backup?.lastCopyAt ?? '1970-01-01T00:00:00Z');
  };
  await new Promise((r) => setTimeout(r, 3000));
  const store = new BackupStore(config);
  const startGeneration = (await store.readManifest())!.generation;
  const answered: number[] = [];
  const lags: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  let writing = true;
  const writer = (async () => {
    while (Date.now() < until) {
      answered.push(await book());
      await new Promise((r) => setTimeout(r, 500));
    }
    writing = false;
  })();
  let next = 0;
  while (writing || next < answered.length) {
    const copiedAt = await lastCopyAt();
    const now = Date.now();
    while (next < answered.length && copiedAt >= answered[next]!)
      lags.push(now - answered[next++]!);
    await new Promise((r) => setTimeout(r, 50));
  }
  await writer;
  const memory = treeRssMb(serverPid);
  const manifest = (await store.readManifest())!;
  const generations = manifest.generation - startGeneration;
  const client = await s3Client(config.bucket);
  const size = async (k: string) =>
    (await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: k }))).ContentLength ?? 0;
  const perCopy =
    (await size(store.dbKey(manifest.generation))) + (await size('copy/manifest.bin'));
  const perMinute = (generations * perCopy * 60) / SECONDS;
  client.destroy();
  store.close();

  await server.kill();
  const restoreDir = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'stays-bench-restore-')),
    'data',
  );
  const t0 = Date.now();
  await run(
    'node_modules/.bin/tsx',
    ['src/server/cli/admin.ts', 'restore', '--from-backup-target'],
    {
      env: { ...process.env, ...env, DATA_DIR: restoreDir },
    },
  );
  const restoreMs = Date.now() - t0;
  fs.rmSync(path.dirname(restoreDir), { recursive: true, force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });

  const rows: [string, string, string][] = [
    [
      'copy lag under steady writes (2/s), p50 / p99',
      `${percentile(lags, 50)} / ${percentile(lags, 99)} ms`,
      '≤ 2000 ms',
    ],
    ['requests measured / copies made', `${lags.length} / ${generations}`, ''],
    ['sealed database copy (100+ bookings, demo site)', `${(perCopy / 1024).toFixed(1)} KB`, ''],
    ['uploaded per minute under steady writes', `${(perMinute / 1024 / 1024).toFixed(2)} MB`, ''],
    ['restore from the bucket (demo photos re-encoded)', `${(restoreMs / 1000).toFixed(1)} s`, ''],
    ['server resident set with the copy on', `${memory.toFixed(0)} MB`, ''],
  ];
  console.log('| figure | value | budget |\n|---|---|---|');
  for (const [figure, value, budget] of rows) console.log(`| ${figure} | ${value} | ${budget} |`);
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
