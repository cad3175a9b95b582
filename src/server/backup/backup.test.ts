/**
 * The copy off the machine against a real S3 server on loopback (s3rver): nothing readable in the
 * bucket (BACKUP-1), a changed object and a wrong key each stop the restore with their reason and
 * write nothing (BACKUP-3), an older server on the same target uploads nothing and says so, and the
 * kept history is one copy per hour of the window (BACKUP-2).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupConfig } from '../config.js';
import { enqueueMail } from '../mail/store.js';
import { s3Client } from '../publish/s3-target.js';
import { openDb, type Db } from '../store/db.js';
import { s3rverBackupConfig, startS3rver } from '../../../test/cdn-stand-in.js';
import { tempDir, type Cleanups } from '../../../test/nginx-stand-in.js';
import { listFiles } from '../../../test/test-helpers.js';
import { restoreFromTarget } from './restore.js';
import { BackupService, type CopyEvent } from './service.js';
import { BackupStore, keptCopies } from './store.js';
import { systemClock } from '../../shared/instants.js';

const BUCKET = 'stays-copy-test';
const GUEST = {
  name: 'Ananya Kulkarni-Testguest',
  phone: '+91 98450 31415',
  email: 'ananya.testguest@example.in',
};

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A logger keeping what was said at warn and error. */
function recordingLog(lines: string[]): FastifyBaseLogger {
  const say = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const log = {
    warn: say,
    error: say,
    info: () => {},
    debug: () => {},
    trace: () => {},
    fatal: say,
  };
  return {
    ...log,
    child: () => log,
    level: 'warn',
    silent: () => {},
  } as unknown as FastifyBaseLogger;
}

async function setup() {
  const s3Dir = tempDir(cleanups, 'stays-s3-');
  const endpoint = await startS3rver(cleanups, BUCKET, s3Dir);
  const config = s3rverBackupConfig(endpoint, BUCKET, crypto.randomBytes(32));
  return { s3Dir, endpoint, config };
}

/** A DATA_DIR with a database holding a guest's mail in the outbox. */
function dataDirWithGuest(): { dataDir: string; db: Db } {
  const dataDir = tempDir(cleanups, 'stays-copy-data-');
  const db = openDb(dataDir, Date.now());
  cleanups.push(() => void db.close());
  enqueueMail(
    db,
    {
      kind: 'owner-request',
      to: GUEST.email,
      subject: `New request from ${GUEST.name}`,
      text: `${GUEST.name}, ${GUEST.phone}, ${GUEST.email}`,
      html: `<p>${GUEST.name}</p>`,
    },
    Date.now(),
  );
  return { dataDir, db };
}

function startService(dataDir: string, config: BackupConfig, log: string[] = []) {
  const service = new BackupService(dataDir, config, recordingLog(log), systemClock);
  const copies: CopyEvent[] = [];
  service.onCopied((e) => copies.push(e));
  service.start();
  cleanups.push(() => service.stop());
  const copied = async (atLeast: number) => {
    const until = Date.now() + 10_000;
    while (copies.length < atLeast && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(copies.length).toBeGreaterThanOrEqual(atLeast);
  };
  return { service, copies, copied };
}

describe('the copy off the machine', () => {
  it('holds none of the guest strings in the bucket, and restores them with the key', async () => {
    const { config, s3Dir } = await setup();
    const { dataDir } = dataDirWithGuest();
    const dbBytes = fs.readFileSync(path.join(dataDir, 'stays.sqlite3-wal'));
    expect(dbBytes.includes(GUEST.email)).toBe(true); // the strings are there to find
    const { copied } = startService(dataDir, config);
    await copied(1);

    const files = listFiles(s3Dir).map((f) => path.join(s3Dir, f));
    const objects = files.filter(
      (f) => f.includes(BUCKET) && !f.endsWith('._S3rver_metadata.json'),
    );
    expect(objects.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      for (const s of Object.values(GUEST))
        expect(bytes.includes(s), `${s} in ${file}`).toBe(false);
    }

    const restored = path.join(tempDir(cleanups, 'stays-restored-'), 'data');
    const r = await restoreFromTarget(config, restored, Date.now());
    expect(r.generation).toBe(1);
    const db = openDb(restored, Date.now());
    try {
      const row = db.prepare('SELECT text_body FROM mail_outbox').get() as { text_body: string };
      expect(row.text_body).toContain(GUEST.phone);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('stops the restore on a flipped byte and on a wrong key, each with its reason, writing nothing', async () => {
    const { config } = await setup();
    const { dataDir } = dataDirWithGuest();
    const { copied, service } = startService(dataDir, config);
    await copied(1);
    await service.stop();
    const target = path.join(tempDir(cleanups, 'stays-restored-'), 'data');

    const wrongKey = { ...config, key: crypto.randomBytes(32) };
    await expect(restoreFromTarget(wrongKey, target, Date.now())).rejects.toThrow(
      'The copy manifest was sealed with another key: BACKUP_KEY is not the key of this copy.',
    );
    expect(fs.existsSync(target)).toBe(false);

    const client = s3Client(config.bucket);
    cleanups.push(() => client.destroy());
    const key = new BackupStore(config).dbKey(1);
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    const bytes = Buffer.from(await got.Body!.transformToByteArray());
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: bytes }));
    await expect(restoreFromTarget(config, target, Date.now())).rejects.toThrow(
      /^The database copy of .* \(generation 1\) is damaged: its authentication tag does not match its bytes\.$/,
    );
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(path.dirname(target))).toEqual([]);
  });

  it('uploads nothing from a server started on an older copy, and says so', async () => {
    const { config } = await setup();
    const { dataDir, db } = dataDirWithGuest();
    const first = startService(dataDir, config);
    await first.copied(1);
    // The old VM: a copy of this DATA_DIR as it was at generation 1.
    await first.service.stop();
    const oldDir = tempDir(cleanups, 'stays-old-vm-');
    fs.cpSync(dataDir, oldDir, { recursive: true });
    const again = startService(dataDir, config);
    db.prepare("UPDATE mail_outbox SET subject = 'changed on the live server'").run();
    await again.copied(1);
    const store = new BackupStore(config);
    cleanups.push(() => store.close());
    const before = (await store.readManifest())!;
    expect(before.generation).toBe(2);

    const log: string[] = [];
    const oldDb = openDb(oldDir, Date.now());
    cleanups.push(() => void oldDb.close());
    const old = startService(oldDir, config, log);
    oldDb.prepare("UPDATE mail_outbox SET subject = 'changed on the old VM'").run();
    const until = Date.now() + 5000;
    while (!old.service.status().configured || !('error' in old.service.status())) {
      if (Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const status = old.service.status();
    expect(status).toMatchObject({
      configured: true,
      error: expect.stringContaining('holds a newer copy (generation 2'),
    });
    expect(log.join('\n')).toContain('uploads nothing, so the newer copy is not overwritten');
    expect(old.copies).toEqual([]);
    expect((await store.readManifest())!.generation).toBe(2);
  });
});

describe('keptCopies (BACKUP-2)', () => {
  it('keeps the latest and the newest copy of each hour of the window', () => {
    const hour = 3_600_000;
    const now = Date.parse('2026-11-24T10:30:00Z');
    const copies = [
      { generation: 1, at: now - 9 * 24 * hour }, // outside 7 days
      { generation: 2, at: now - 2 * hour - 31 * 60_000 }, // 07:59, the newest of its hour
      { generation: 3, at: now - 2 * hour + 60_000 }, // 08:31
      { generation: 4, at: now - 20 * 60_000 },
      { generation: 5, at: now - 10 * 60_000 },
      { generation: 6, at: now },
    ];
    expect(keptCopies(copies, now, 7).map((c) => c.generation)).toEqual([2, 3, 6]);
    expect(keptCopies(copies, now, 1 / 24).map((c) => c.generation)).toEqual([6]);
    expect(keptCopies(copies.slice(0, 1), now, 7).map((c) => c.generation)).toEqual([1]);
  });
});
