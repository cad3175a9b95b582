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
import { lostNumbersReport, restoreFromTarget } from './restore.js';
import { BackupService, type CopyEvent } from './service.js';
import { BackupStore, keptCopies } from './store.js';
import { issueDocument } from '../gst/store.js';
import type { DocumentBody } from '../gst/document.js';
import { gstr1Csv } from '../gst/gstr1.js';
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

function startService(
  dataDir: string,
  config: BackupConfig,
  log: string[] = [],
  clock: () => number = systemClock,
) {
  const service = new BackupService(dataDir, config, recordingLog(log), clock);
  const copies: CopyEvent[] = [];
  service.onCopied((e) => copies.push(e));
  service.start();
  cleanups.push(() => service.stop());
  const copied = async (atLeast: number) => {
    const until = Date.now() + 10_000;
    while (copies.length < atLeast && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(copies.length, JSON.stringify(service.status())).toBeGreaterThanOrEqual(atLeast);
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

    const client = await s3Client(config.bucket);
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

const HOUR = 3_600_000;
/** 1 December 2026, 10:00 IST. */
const DECEMBER = Date.parse('2026-12-01T04:30:00Z');

/** Issues tax invoice number `seq` of STY/26-27 for booking `ref` on 1 December 2026 (a stand-in body: Table 13 reads the number). */
function invoice(db: Db, ref: string, at: number) {
  return issueDocument(db, {
    id: crypto.randomBytes(12).toString('base64url').slice(0, 16),
    type: 'tax-invoice',
    series: 'STY/26-27',
    bookingId: `booking-${ref}`,
    issuedAt: at,
    period: '2026-12',
    taxablePaise: 100_000,
    cgstPaise: 2500,
    sgstPaise: 2500,
    totalPaise: 105_000,
    body: { date: '2026-12-01', stay: { reference: ref } } as unknown as Omit<
      DocumentBody,
      'number'
    >,
  }).number;
}

/** Three copies an hour apart (generations 1, 2, 3), each after one more invoice; the service stopped. */
async function threeCopies() {
  const { config } = await setup();
  const { dataDir, db } = dataDirWithGuest();
  let now = DECEMBER;
  const { service, copied } = startService(dataDir, config, [], () => now);
  for (let generation = 1; generation <= 3; generation++) {
    invoice(db, `REF${generation}`, now);
    await copied(generation);
    now += HOUR;
  }
  await service.stop();
  const client = await s3Client(config.bucket);
  cleanups.push(() => client.destroy());
  const store = new BackupStore(config);
  cleanups.push(() => store.close());
  const raw = async (name: string) => {
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `copy/${name}` }));
    return Buffer.from(await got.Body!.transformToByteArray());
  };
  const put = (name: string, body: Buffer) =>
    client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `copy/${name}`, Body: body }));
  const target = () => path.join(tempDir(cleanups, 'stays-restored-'), 'data');
  return {
    config,
    dataDir,
    db,
    store,
    raw,
    put,
    target,
    at: (g: number) => DECEMBER + (g - 1) * HOUR,
  };
}

describe('BACKUP-5: a copy cannot be swapped or rolled back', () => {
  it('refuses a moved, replayed, older or missing object with one line naming it, writing nothing', async () => {
    const { config, store, raw, put, target } = await threeCopies();
    const refused = async (pattern: RegExp, at?: number) => {
      const into = target();
      const err = await restoreFromTarget(config, into, Date.now(), at).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(pattern);
      expect((err as Error).message).not.toContain('\n');
      expect(fs.existsSync(into)).toBe(false);
      expect(fs.readdirSync(path.dirname(into))).toEqual([]);
    };
    const db1 = await raw('db/000000000001.bin');
    const db3 = await raw('db/000000000003.bin');

    // Moved: the genuine, older copy 1 put over copy 3.
    await put('db/000000000003.bin', db1);
    await refused(
      /generation 3\) is refused: the object at db\/000000000003\.bin is db\/000000000001\.bin \(generation 1\) moved there; nothing was written\.$/,
    );
    await put('db/000000000003.bin', db3);

    // Older: a sealing of the same name by an earlier generation (an old server of this lineage).
    const plain3 = (await store.get(
      store.dbName(3),
      'copy 3',
      (await store.readManifest())!.copies[2]!,
    ))!;
    await store.put(store.dbName(3), plain3, 2);
    await refused(
      /sealed by generation 2, the manifest records generation 3 \(an older object put back\)/,
    );
    // Replayed: another sealing of the same name and generation, not the one the manifest records.
    await store.put(store.dbName(3), plain3, 3);
    await refused(/its bytes are not those the manifest records \(SHA-256\)/);
    await put('db/000000000003.bin', db3);

    // Missing: a kept copy deleted.
    await store.remove([store.dbKey(1)]);
    await refused(
      /^db\/000000000001\.bin is missing from the bucket although the manifest lists it; nothing was written\.$/,
    );
    await put('db/000000000001.bin', db1);

    // Each object back in place: the copy restores.
    const r = await restoreFromTarget(config, target(), Date.now());
    expect(r.generation).toBe(3);
  });

  it('tells in /healthz backup.error and the log when the bucket’s manifest is older than one it sealed', async () => {
    const { config } = await setup();
    const { dataDir, db } = dataDirWithGuest();
    let now = DECEMBER;
    const first = startService(dataDir, config, [], () => now);
    await first.copied(1);
    const client = await s3Client(config.bucket);
    cleanups.push(() => client.destroy());
    const got = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'copy/manifest.bin' }),
    );
    const manifest1 = Buffer.from(await got.Body!.transformToByteArray());
    now += HOUR;
    db.prepare("UPDATE mail_outbox SET subject = 'second'").run();
    await first.copied(2);
    await first.service.stop();
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'copy/manifest.bin', Body: manifest1 }),
    );
    // A restore sees copy 2 beside a manifest naming generation 1 the newest: the listing a server
    // killed between storing copy 2 and its manifest leaves. Copy 2 is left unread.
    const restored = await restoreFromTarget(
      config,
      path.join(tempDir(cleanups, 'stays-restored-'), 'data'),
      Date.now(),
    );
    expect(restored).toMatchObject({ generation: 1, unnamedCopy: 'db/000000000002.bin' });
    // Two copies past the manifest are no interrupted copy: refused.
    const copy2 = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'copy/db/000000000002.bin' }),
    );
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'copy/db/000000000003.bin',
        Body: Buffer.from(await copy2.Body!.transformToByteArray()),
      }),
    );
    const into = path.join(tempDir(cleanups, 'stays-restored-'), 'data');
    await expect(restoreFromTarget(config, into, Date.now())).rejects.toThrow(
      'The copy manifest is older than the bucket: it names generation 1 the newest, but db/000000000003.bin is there. The manifest was rolled back; nothing was written.',
    );
    expect(fs.existsSync(into)).toBe(false);

    const log: string[] = [];
    const again = startService(dataDir, config, log, () => now);
    db.prepare("UPDATE mail_outbox SET subject = 'third'").run();
    const until = Date.now() + 5000;
    while (!('error' in again.service.status()) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(again.service.status()).toMatchObject({
      error: expect.stringMatching(
        /^The bucket of the copy off the machine was rolled back: its list of copies is generation 1 \(.*\), older than generation 2 this server sealed\./,
      ),
    });
    expect(log.join('\n')).toContain('The bucket of the copy off the machine was rolled back');
    expect(again.copies).toEqual([]);
  });
});

describe('GST-13: a restore never reuses a document number', () => {
  it('records the numbers issued after the restored copy as cancelled and continues after the highest', async () => {
    const { config, target, at } = await threeCopies();
    const into = target();
    // Copy 1 holds invoice 0001; 0002 and 0003 were issued after it.
    const r = await restoreFromTarget(config, into, Date.now(), at(1));
    expect(r.generation).toBe(1);
    expect(r.lostNumbers).toEqual([
      {
        series: 'STY/26-27',
        seq: 2,
        number: 'STY/26-27/0002',
        period: '2026-12',
        date: '2026-12-01',
        bookingReference: 'REF2',
      },
      {
        series: 'STY/26-27',
        seq: 3,
        number: 'STY/26-27/0003',
        period: '2026-12',
        date: '2026-12-01',
        bookingReference: 'REF3',
      },
    ]);
    expect(lostNumbersReport(r.lostNumbers).split('\n').slice(1)).toEqual([
      '  STY/26-27/0002  Tue 1 Dec 2026  booking REF2',
      '  STY/26-27/0003  Tue 1 Dec 2026  booking REF3',
    ]);
    const db = openDb(into, Date.now());
    cleanups.push(() => void db.close());
    // The owner re-creates the two invoices: they continue after the highest number ever issued.
    expect([
      invoice(db, 'REF2', DECEMBER + 5 * HOUR),
      invoice(db, 'REF3', DECEMBER + 5 * HOUR),
    ]).toEqual(['STY/26-27/0004', 'STY/26-27/0005']);
    expect(gstr1Csv(db, '2026-12', 'doc')).toBe(
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled\r\n' +
        'Invoices for outward supply,STY/26-27/0001,STY/26-27/0005,5,2\r\n',
    );
    expect(lostNumbersReport([])).toBe('');
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
