/**
 * OPS-6: `npm run admin -- backup|restore <file>`. A backup is taken from a real server on loopback
 * while it takes uploads and imports, restored into an empty DATA_DIR and started: the same
 * catalogue, every page and every photo served. Then what each command refuses.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ogImageUrl,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  variantUrl,
} from '../../shared/photo-urls.js';
import type { SiteData } from '../../shared/site-data.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { storePhoto } from '../images/pipeline.js';
import { prepareDataDir } from '../startup.js';
import { getRevision, latestRevision, saveRevision } from '../store/revisions.js';
import { testProperty } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';
import { bookingByToken } from '../bookings/store.js';
import { hashToken } from '../bookings/service.js';
import { addDays, today } from '../../shared/calendar-dates.js';

const root = path.resolve(import.meta.dirname, '../../..');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-backup-test-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A test server that keeps every revision (SAF-4 pruning would drop the early ones the test compares). */
async function testApp(): Promise<TestApp> {
  const t = await makeTestApp({ REVISIONS_KEPT: '1000000' });
  cleanups.push(() => t.cleanup());
  return t;
}

/** Runs `npm run admin -- ...args` as the package script does, without blocking this process. */
function admin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['src/server/cli/admin.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * GET without keep-alive: a response still finishing on the server when the test closes it would
 * otherwise hold its connection open past the hook's time limit.
 */
function get(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** A small JPEG that differs from every other one this test makes. */
function photoBytes(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** A catalogue of `count` properties (stay-1 ...), property i showing the photo load-i.jpg. */
function catalogue(revision: number, count: number, tag = ''): SiteData {
  const propertyList = Array.from({ length: count }, (_, k) =>
    testProperty({
      id: `stay-${k + 1}`,
      name: `Estate Cottage ${k + 1}${tag}`,
      photos: [{ name: `load-${k + 1}.jpg`, best: true, home: true }],
    }),
  );
  return {
    propertyList,
    homeSections: [{ id: 'featured', name: 'Featured', properties: propertyList.map((p) => p.id) }],
    revision,
  };
}

/** Every URL serving a file of the photo `name`: the normalised photo, its variants, its link preview. */
function photoUrls(name: string): string[] {
  return [
    `/imported-images/${name}`,
    ...VARIANT_WIDTHS.flatMap((w) => VARIANT_FORMATS.map((f) => variantUrl(name, w, f))),
    ogImageUrl(name),
  ];
}

describe('npm run admin -- backup, then restore', () => {
  it('backs up a server taking uploads and imports; the restore serves the same site', async () => {
    const source = await testApp();
    await source.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
    const owner = {
      cookie: source.cookie,
      origin: new URL(source.ctx.config.site.siteUrl).origin,
      'sec-fetch-site': 'same-origin',
    };

    let revision = 0;
    let properties = 0;
    let imports = Promise.resolve();
    /** Imports the catalogue with every photo uploaded so far, one import at a time; returns its revision. */
    const importAll = (tag: string) => {
      const run = imports.then(async () => {
        const imported = await fetch(`${base}/api/import.php`, {
          method: 'POST',
          headers: { ...owner, 'content-type': 'application/json' },
          body: JSON.stringify(catalogue(revision, properties, tag)),
        });
        const answer = await imported.text();
        expect(imported.status, answer).toBe(200);
        revision = (JSON.parse(answer) as { revision: number }).revision;
      });
      imports = run.catch(() => undefined);
      return run;
    };
    /** The owner adds a property: uploads its photo, then imports the catalogue showing it. */
    const addProperty = async () => {
      const n = properties + 1;
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await photoBytes(n))], { type: 'image/jpeg' }),
        `load-${n}.jpg`,
      );
      const upload = await fetch(`${base}/api/upload.php`, {
        method: 'POST',
        headers: owner,
        body: form,
      });
      expect(upload.status, await upload.text()).toBe(200);
      properties = n;
      await importAll('');
    };
    for (let i = 0; i < 3; i++) await addProperty();
    expect((await fetch(`${base}/api/genproperties.php`, { headers: owner })).status).toBe(200);
    const before = revision;

    const dir = tempDir();
    const archive = path.join(dir, 'stays.tar.gz');
    let backingUp = true;
    let importsDuring = 0;
    // Two owners' worth of writes until the backup is done: photos with their properties, and renames.
    const load = Promise.all([
      (async () => {
        for (let i = 0; backingUp && i < 30; i++) await addProperty();
      })(),
      (async () => {
        for (let i = 0; backingUp && i < 500; i++) {
          await importAll(` (renamed ${i})`);
          if (backingUp) importsDuring++;
        }
      })(),
    ]);
    const backup = await admin(['backup', archive], { DATA_DIR: source.dataDir });
    backingUp = false;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up .* to .*stays\.tar\.gz: revision \d+, \d+ photos/);
    expect(importsDuring).toBeGreaterThan(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['stays.tar.gz']);

    const restored = path.join(dir, 'restored');
    const refused = await admin(['restore', archive], { DATA_DIR: source.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty: restore only into an empty or new folder');
    expect(latestRevision(source.ctx.db)?.id).toBe(revision);

    const restore = await admin(['restore', archive], { DATA_DIR: restored });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const config = loadConfig({ DATA_DIR: restored, SITE_URL: 'http://localhost' });
    const back = await buildApp(config);
    cleanups.push(() => back.app.close());
    const said: string[] = [];
    await prepareDataDir(back.ctx, (line) => said.push(line));
    await back.app.listen({ port: 0, host: '127.0.0.1' });
    const backBase = `http://127.0.0.1:${(back.app.server.address() as AddressInfo).port}`;

    // The same catalogue: the snapshot's revision, and every revision up to it, as the source has them.
    const latest = latestRevision(back.ctx.db)!;
    expect(latest.id).toBeGreaterThanOrEqual(before);
    expect(latest.id).toBeLessThanOrEqual(revision);
    expect(restore.stdout).toContain(`revision ${latest.id},`);
    expect(said).toContainEqual(expect.stringMatching(`^Published revision ${latest.id}:`));
    const rows = (db: typeof back.ctx.db) =>
      db.prepare('SELECT * FROM revisions WHERE id <= ? ORDER BY id').all(latest.id);
    expect(rows(back.ctx.db)).toEqual(rows(source.ctx.db));
    expect(latest.data).toEqual(getRevision(source.ctx.db, latest.id)!.data);
    // A photo's last_named (SAF-4) moves on in the source with every later import.
    const photoRows = back.ctx.db.prepare('SELECT * FROM photos ORDER BY name').all() as {
      name: string;
      last_named: number | null;
    }[];
    for (const { last_named: lastNamed, ...row } of photoRows) {
      const { last_named: sourceLastNamed, ...sourceRow } = source.ctx.db
        .prepare('SELECT * FROM photos WHERE name = ?')
        .get(row.name) as { last_named: number | null };
      expect(sourceRow).toEqual(row);
      expect(lastNamed ?? 0).toBeLessThanOrEqual(sourceLastNamed ?? 0);
    }

    // Every page, and every file of every photo, byte for byte as the source serves it.
    const pages = ['/', '/sitemap.xml', ...latest.data.propertyList.map((p) => `/stay/${p.id}`)];
    for (const url of pages) {
      const res = await get(`${backBase}${url}`);
      expect(res.status, url).toBe(200);
      const property = latest.data.propertyList.find((p) => url === `/stay/${p.id}`);
      if (property) expect(res.body.toString()).toContain(property.name);
    }
    const named = latest.data.propertyList.flatMap((p) => p.photos.map((ph) => ph.name));
    expect(photoRows.map((r) => r.name)).toEqual(expect.arrayContaining(named));
    for (const { name } of photoRows) {
      for (const url of photoUrls(name)) {
        const [mine, theirs] = await Promise.all([get(`${backBase}${url}`), get(`${base}${url}`)]);
        expect(mine.status, url).toBe(200);
        expect(mine.body.equals(theirs.body), url).toBe(true);
      }
    }
  }, 300_000);
});

describe('what backup and restore refuse', () => {
  /** A DATA_DIR with one photo and one revision naming it. */
  async function smallSite(): Promise<TestApp> {
    const t = await testApp();
    await storePhoto(t.ctx, await photoBytes(1), 'load-1.jpg');
    saveRevision(t.ctx.db, catalogue(0, 1), 'owner', t.ctx.clock());
    return t;
  }

  it('backup: no database, a file that exists, or a recorded photo whose file is gone', async () => {
    const dir = tempDir();
    const empty = path.join(dir, 'empty');
    await expect(createBackup(empty, path.join(dir, 'a.tar.gz'), Date.now())).rejects.toThrow(
      /There is no Stays database in/,
    );

    const t = await smallSite();
    const taken = path.join(dir, 'taken.tar.gz');
    fs.writeFileSync(taken, 'keep me');
    await expect(createBackup(t.dataDir, taken, Date.now())).rejects.toThrow(BackupError);
    expect(fs.readFileSync(taken, 'utf8')).toBe('keep me');

    fs.rmSync(path.join(t.ctx.paths.originals, 'load-1.jpg'));
    await expect(createBackup(t.dataDir, path.join(dir, 'b.tar.gz'), Date.now())).rejects.toThrow(
      /"load-1\.jpg" is recorded but .* is missing/,
    );
    expect(fs.readdirSync(dir)).toEqual(['taken.tar.gz']);
  });

  it('restore: a DATA_DIR that is not empty is left as it is', async () => {
    const t = await smallSite();
    const dir = tempDir();
    const archive = path.join(dir, 'ok.tar.gz');
    await createBackup(t.dataDir, archive, Date.now());
    const target = path.join(dir, 'data');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'notes.txt'), 'mine');
    await expect(restoreBackup(archive, target, Date.now())).rejects.toThrow(/is not empty/);
    expect(fs.readdirSync(target)).toEqual(['notes.txt']);

    const manifest = await restoreBackup(archive, path.join(dir, 'new'), Date.now());
    expect(manifest).toMatchObject({ format: 'stays-backup', version: 1, revision: 1, photos: 1 });
    // Taken at the instant the caller hands in (TIME-5), not the machine's reading.
    const at = Date.parse('2026-03-10T04:30:00Z');
    const stamped = await createBackup(t.dataDir, path.join(dir, 'stamped.tar.gz'), at);
    expect(stamped.createdAt).toBe('2026-03-10T04:30:00.000Z');
  });

  it('BOOK-11: the bookings and their page tokens come along; the restored server finds the booking by its page token', async () => {
    const t = await smallSite();
    const property = latestRevision(t.ctx.db)!.data.propertyList[0]!;
    const { booking, token } = t.bookings.create(
      { ...property, nightlyRate: 4000 },
      {
        propertyId: property.id,
        checkIn: addDays(today(), 10),
        checkOut: addDays(today(), 12),
        guests: 2,
        name: 'Meera Iyer',
        phone: '+919845044444',
      },
    );
    t.bookings.act(booking.id, 'accept');
    const dir = tempDir();
    const archive = path.join(dir, 'bookings.tar.gz');
    await createBackup(t.dataDir, archive, Date.now());
    const target = path.join(dir, 'restored');
    await restoreBackup(archive, target, Date.now());
    const { app, ctx } = await buildApp(
      loadConfig({ DATA_DIR: target, CALENDAR_SYNC_MINUTES: '0' }),
    );
    cleanups.push(() => app.close());
    const restored = bookingByToken(ctx.db, booking.id, hashToken(token));
    expect(restored).toMatchObject({
      reference: booking.reference,
      status: 'accepted',
      name: 'Meera Iyer',
      checkIn: booking.checkIn,
      quote: { totalPaise: booking.quote!.totalPaise },
    });
    // Its nights stay closed on the restored server.
    const res = await app.inject({ method: 'GET', url: `/api/availability/${property.id}` });
    expect(res.json()).toMatchObject({
      unavailable: [{ start: booking.checkIn, end: booking.checkOut }],
    });
  });

  it('restore: a missing file, a non-archive, or an archive with other entries leaves DATA_DIR empty', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'data');
    await expect(restoreBackup(path.join(dir, 'none.tar.gz'), target, Date.now())).rejects.toThrow(
      /There is no backup file/,
    );
    const text = path.join(dir, 'notes.tar.gz');
    fs.writeFileSync(text, 'not an archive');
    await expect(restoreBackup(text, target, Date.now())).rejects.toThrow(
      /is not a readable backup archive/,
    );
    expect(fs.existsSync(target)).toBe(false); // absent before, absent after
    fs.mkdirSync(target);

    // A link planted among the photos, and a file outside the backup's folders.
    const made = path.join(dir, 'made');
    fs.mkdirSync(path.join(made, 'images'), { recursive: true });
    fs.writeFileSync(path.join(made, 'backup.json'), '{"format":"stays-backup","version":1}');
    fs.writeFileSync(path.join(made, 'run.sh'), 'echo hi');
    fs.symlinkSync('/etc/passwd', path.join(made, 'images', 'x.jpg'));
    const hostile = path.join(dir, 'hostile.tar.gz');
    await tar.create({ gzip: true, file: hostile, cwd: made }, ['backup.json', 'run.sh', 'images']);
    await expect(restoreBackup(hostile, target, Date.now())).rejects.toThrow(
      /is refused: "run\.sh" is not a file a Stays backup holds; nothing was written\.$/,
    );
    expect(fs.readdirSync(target)).toEqual([]);

    const noDb = path.join(dir, 'nodb.tar.gz');
    await tar.create({ gzip: true, file: noDb, cwd: made }, ['backup.json']);
    await expect(restoreBackup(noDb, target, Date.now())).rejects.toThrow(/holds no database/);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});
