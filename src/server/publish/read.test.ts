/**
 * HTML-5: pages are read through the publish target that wrote them, by their URL path, through
 * the real app, the real SSR build (run `node scripts/build.mjs` first), the local folder and a
 * real S3-compatible server (s3rver) on loopback: the same bytes as stored, a new publish read
 * afresh, a missing page or an empty target undefined, and no path outside the folder; the
 * guest's pages (booking, GST document, register) answer a wrong link with the published 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { S3RVER_KEY_ID, startS3rver } from '../../../test/cdn-stand-in.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp } from '../../../test/test-helpers.js';
import { saveRevision } from '../store/revisions.js';
import { createFolderTarget } from './folder-target.js';
import { createBucketTarget } from './s3-target.js';

const BUCKET = 'stays-read';
const PREFIX = 'site/';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

describe('HTML-5: a page is read through its publish target', () => {
  it('the folder and the bucket give the published bytes by URL path, afresh after a publish; nothing for a missing page, an empty target or a path out of the folder', async () => {
    const endpoint = await startS3rver(cleanups, BUCKET);
    const t = await makeTestApp({
      PUBLISH_TARGET: `s3://${BUCKET}/${PREFIX}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_KEY_ID,
      AWS_SECRET_ACCESS_KEY: 'any-secret',
    });
    cleanups.push(() => t.cleanup());
    const folder = createFolderTarget(t.ctx.paths.site);
    const bucket = createBucketTarget(t.ctx.config.publishBucket!);

    // Nothing published yet.
    expect(await folder.read('/404')).toBeUndefined();
    expect(await bucket.read('/404')).toBeUndefined();
    expect(await t.ctx.publisher.page('/404')).toBeUndefined();

    saveRevision(
      t.ctx.db,
      testCatalogue({ revision: 0, propertyList: [{ name: 'Hill View Cottage' }] }),
      'test',
      t.ctx.clock(),
    );
    const first = await t.ctx.publisher.publish();
    const onDisk = (file: string) => fs.readFileSync(path.join(first.dir, file));
    for (const [url, file] of [
      ['/404', '404.html'],
      ['/', 'index.html'],
      ['/stay/stay-1', 'stay/stay-1.html'],
    ] as const) {
      expect((await folder.read(url))?.equals(onDisk(file)), url).toBe(true);
      expect((await bucket.read(url))?.equals(onDisk(file)), url).toBe(true);
    }
    expect((await t.ctx.publisher.page('/404'))?.toString('utf8')).toContain('<h1');
    expect(await folder.read('/stay/no-such-stay')).toBeUndefined();
    expect(await bucket.read('/stay/no-such-stay')).toBeUndefined();
    // A path that would leave the published folder is no page.
    expect(await folder.read('/../../config')).toBeUndefined();

    // The guest's pages answer a link that leads nowhere with the published 404 page.
    const notFound = onDisk('404.html').toString('utf8');
    const page = `/booking/${'a'.repeat(16)}/${'b'.repeat(22)}`;
    for (const url of [
      page,
      `${page}/documents/${'c'.repeat(16)}`,
      `${page}/register`,
      '/booking/x',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(notFound);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }

    // Every file of the folder by the URL path that serves it: pages without .html, the rest as is.
    const urls = t.ctx.publisher.publishedFiles(first.dir).map((f) => f.urlPath);
    expect(urls).toEqual(
      expect.arrayContaining(['/', '/404', '/stay/stay-1', '/sitemap.xml', '/robots.txt']),
    );
    expect(urls.some((u) => u.endsWith('.html') || u.endsWith('.br') || u.endsWith('.gz'))).toBe(
      false,
    );

    // A new publish is read afresh, not from what the last one kept in memory.
    saveRevision(
      t.ctx.db,
      testCatalogue({ revision: 1, propertyList: [{ name: 'Hill View Renamed' }] }),
      'test',
      t.ctx.clock(),
    );
    await t.ctx.publisher.publish();
    expect((await folder.read('/stay/stay-1'))?.toString('utf8')).toContain('Hill View Renamed');
    expect((await bucket.read('/stay/stay-1'))?.toString('utf8')).toContain('Hill View Renamed');
  });
});
