/**
 * First start and restart on a DATA_DIR (issue 2: "npm start on a fresh clone ... seeds the demo
 * catalogue on first start, publishes it"): the real demo seed through the real image pipeline
 * (sharp), a real SQLite file and the real publish (run `node scripts/build.mjs` first).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoStem, VARIANT_FORMATS, VARIANT_WIDTHS } from '../shared/photo-urls.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { photoSizes } from './store/photos.js';
import { latestRevision } from './store/revisions.js';
import { demoCatalogue, prepareDataDir } from './startup.js';

const DEMO = demoCatalogue();

/** Builds the app on `dataDir` as `npm start` does and runs prepareDataDir; returns what it printed. */
async function start(dataDir: string): Promise<string[]> {
  const { app, ctx } = await buildApp(
    loadConfig({ DATA_DIR: dataDir, SITE_URL: 'http://localhost' }),
  );
  const lines: string[] = [];
  try {
    await prepareDataDir(ctx, (line) => lines.push(line));
  } finally {
    await app.close();
  }
  return lines;
}

function titleOf(html: string): string {
  const title = DomUtils.findOne((e) => e.name === 'title', parseDocument(html).children);
  return title ? DomUtils.textContent(title) : '';
}

function siteEntries(dataDir: string): string[] {
  return fs.readdirSync(path.join(dataDir, 'site')).sort();
}

describe('prepareDataDir', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-startup-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo catalogue with every photo and its variants, publishes it and prints the owner line once on first start', async () => {
    const lines = await start(dataDir);

    const owner = lines.filter((l) => l.startsWith('Owner account created: owner / '));
    expect(owner).toHaveLength(1);
    expect(lines).toContain('Seeding the demo catalogue (first start)...');
    expect(lines.filter((l) => /^Published revision 1: \d+ pages in \d+ ms$/.test(l))).toHaveLength(
      1,
    );

    const { app, ctx } = await buildApp(
      loadConfig({ DATA_DIR: dataDir, SITE_URL: 'http://localhost' }),
    );
    try {
      const latest = latestRevision(ctx.db)!;
      expect(latest.id).toBe(1);
      expect(latest.author).toBe('seed');
      expect(latest.data.propertyList).toHaveLength(7);
      expect(latest.data).toEqual({ ...DEMO, revision: 1 });

      const sizes = photoSizes(ctx.db);
      const names = latest.data.propertyList.flatMap((p) => p.photos.map((ph) => ph.name));
      expect(names.length).toBeGreaterThanOrEqual(7 * 4);
      expect(Object.keys(sizes).sort()).toEqual([...names].sort());
      for (const name of names) {
        const [width, height] = sizes[name]!;
        expect(Math.max(width, height), name).toBeLessThanOrEqual(2560);
        expect(fs.statSync(path.join(ctx.paths.images, name)).size, name).toBeGreaterThan(0);
        expect(fs.existsSync(path.join(ctx.paths.originals, name)), name).toBe(true);
        for (const w of VARIANT_WIDTHS) {
          for (const f of VARIANT_FORMATS) {
            const variant = path.join(ctx.paths.images, 'v', `${photoStem(name)}-${w}.${f}`);
            expect(fs.statSync(variant).size, variant).toBeGreaterThan(0);
          }
        }
        expect(
          fs.existsSync(path.join(ctx.paths.images, 'v', `${photoStem(name)}-og.jpg`)),
          name,
        ).toBe(true);
      }

      const current = ctx.publisher.currentDir()!;
      expect(path.basename(current)).toMatch(/^1-\d+$/);
      for (const p of latest.data.propertyList) {
        const page = fs.readFileSync(path.join(current, 'stay', `${p.id}.html`), 'utf8');
        expect(titleOf(page)).toBe(`${p.name} - Stays In Chikmagalur`);
      }
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      const text = DomUtils.textContent(parseDocument(home.body));
      for (const section of DEMO.homeSections) expect(text).toContain(section.name);
      const photo = await app.inject({ method: 'GET', url: `/imported-images/${names[0]!}` });
      expect(photo.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 300_000);

  it('seeds, publishes and prints nothing when started again on the same DATA_DIR', async () => {
    const siteBefore = siteEntries(dataDir);
    const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir }));
    const currentBefore = ctx.publisher.currentDir();
    await app.close();
    expect(currentBefore).toBeDefined();

    const lines = await start(dataDir);
    expect(lines).toEqual([]);
    expect(siteEntries(dataDir)).toEqual(siteBefore);

    const again = await buildApp(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(again.ctx.publisher.currentDir()).toBe(currentBefore);
      expect(latestRevision(again.ctx.db)!.id).toBe(1);
      expect(
        (again.ctx.db.prepare('SELECT COUNT(*) AS n FROM revisions').get() as { n: number }).n,
      ).toBe(1);
      expect(
        (again.ctx.db.prepare('SELECT COUNT(*) AS n FROM admins').get() as { n: number }).n,
      ).toBe(1);
    } finally {
      await again.app.close();
    }
  });
});
