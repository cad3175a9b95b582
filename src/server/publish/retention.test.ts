/**
 * UPGRADE-3 through the real app, the real SSR build (run `node scripts/build.mjs` first) and a
 * real S3-compatible server (s3rver) on loopback: what a publish's pages name stays, locally and
 * in the bucket, for 24 hours after that publish, whatever is published after it; a publish of an
 * unchanged catalogue keeps the data script's name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, NotFound } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { namedFiles, S3RVER_KEY_ID, startS3rver } from '../../../test/cdn-stand-in.js';
import { testCatalogue } from '../../../test/factories.js';
import { dataScriptOf, listFiles, makeTestApp } from '../../../test/test-helpers.js';
import { saveRevision } from '../store/revisions.js';
import { fileForUrl, createFolderTarget } from './folder-target.js';
import { createBucketTarget, s3Client } from './s3-target.js';
import { RETAIN_MS } from './target.js';

const BUCKET = 'stays-site';
const PREFIX = 'www/';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

const catalogue = (name: string, revision: number) =>
  testCatalogue({ revision, propertyList: [{ name }, { name: 'Lake Side Rooms' }] });

describe('UPGRADE-3: files pages name stay a day', () => {
  it('two publishes a second apart: every file the first one’s pages name still answers 200, locally and in the bucket; a day later only the current one’s stay', async () => {
    const endpoint = await startS3rver(cleanups, BUCKET);
    const t = await makeTestApp({
      PUBLISH_TARGET: `s3://${BUCKET}/${PREFIX}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_KEY_ID,
      AWS_SECRET_ACCESS_KEY: 'any-secret',
    });
    cleanups.push(() => t.cleanup());
    const client = await s3Client(t.ctx.config.publishBucket!);
    const inBucket = async (key: string) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: PREFIX + key }));
        return true;
      } catch (error) {
        if (error instanceof NotFound) return false;
        throw error;
      }
    };

    saveRevision(t.ctx.db, catalogue('Hill View Cottage', 0), 'test', t.ctx.clock());
    const first = await t.ctx.publisher.publish();
    const pages = listFiles(first.dir).filter((f) => f.endsWith('.html'));
    expect(pages).toEqual(expect.arrayContaining(['index.html', 'admin.html', 'stay/stay-1.html']));
    // Photos are kept while a stored revision names them (IMG-4); this catalogue names none stored.
    const named = new Set(
      pages
        .flatMap((p) => namedFiles(fs.readFileSync(path.join(first.dir, p), 'utf8')))
        .filter((f) => !f.startsWith('imported-images/')),
    );
    const firstData = dataScriptOf(fs.readFileSync(path.join(first.dir, 'index.html'), 'utf8'));
    expect(named).toContain(firstData.slice(1));
    expect([...named].some((f) => f.startsWith('assets/index-'))).toBe(true);

    // The same catalogue published again keeps the data script's name.
    const again = await t.ctx.publisher.publish();
    expect(dataScriptOf(fs.readFileSync(path.join(again.dir, 'index.html'), 'utf8'))).toBe(
      firstData,
    );

    await new Promise((r) => setTimeout(r, 1000));
    saveRevision(t.ctx.db, catalogue('Hill View Renamed', 1), 'test', t.ctx.clock());
    const second = await t.ctx.publisher.publish();
    const secondData = dataScriptOf(fs.readFileSync(path.join(second.dir, 'index.html'), 'utf8'));
    expect(secondData).not.toBe(firstData);
    // A third publish: the first is no longer "the one before" (what CDN-6 kept until now).
    saveRevision(t.ctx.db, catalogue('Hill View Renamed Again', 2), 'test', t.ctx.clock());
    await t.ctx.publisher.publish();

    for (const file of named) {
      const res = await t.app.inject({ url: `/${file}` });
      expect(res.statusCode, `locally: /${file}`).toBe(200);
      expect(await inBucket(file), `in the bucket: ${file}`).toBe(true);
    }

    // A day and a minute after: what only the first publishes named goes, locally and in the
    // bucket; what the serving site names stays.
    const later = Date.now() + RETAIN_MS + 60_000;
    const folder = createFolderTarget(t.ctx.paths.site);
    expect(await folder.prune(later)).toBeGreaterThan(0);
    expect(await createBucketTarget(t.ctx.config.publishBucket!).prune(later)).toBeGreaterThan(0);
    const kept = t.ctx.publisher.filesDir();
    expect(fs.existsSync(path.join(kept, firstData))).toBe(false);
    expect(fs.existsSync(path.join(kept, secondData))).toBe(false);
    expect(await inBucket(firstData.slice(1))).toBe(false);
    const serving = t.ctx.publisher.serving()!;
    for (const url of ['/', '/stay/stay-1', '/admin']) {
      const html = fs.readFileSync(path.join(serving.dir, fileForUrl(url)), 'utf8');
      for (const file of namedFiles(html)) {
        if (file.startsWith('imported-images/')) continue;
        expect(await inBucket(file), `${url} names ${file}`).toBe(true);
        if (!file.startsWith('hero/'))
          expect(fs.existsSync(path.join(kept, file)), `${url} names ${file}`).toBe(true);
      }
    }
  }, 120_000);
});
