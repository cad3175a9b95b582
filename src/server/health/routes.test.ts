/**
 * GET /healthz through the real app (OPS-7): a real SQLite file in a temp DATA_DIR and the real
 * publisher (run `node scripts/build.mjs` first).
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.cleanup();
});

const health = () => t.app.inject({ method: 'GET', url: '/healthz' });

describe('GET /healthz', () => {
  it('answers 503 until a site is published, then 200 with the revision served and its time', async () => {
    const before = await health();
    expect(before.statusCode).toBe(503);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toEqual({ ok: false, error: 'The site is not published yet.' });

    saveRevision(
      t.ctx.db,
      testCatalogue({ propertyList: [{ name: 'Coffee View Suite' }] }),
      'test',
      t.ctx.clock(),
    );
    expect((await health()).statusCode).toBe(503);
    const first = await t.ctx.publisher.publish();
    const ok = await health();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const body = ok.json();
    expect(body).toEqual({
      ok: true,
      revision: first.revision,
      publishedAt: expect.any(String),
      jobs: expect.any(Array),
    });

    // publishedAt is the time of the publish serving, the one its folder is named by.
    expect(Date.parse(body.publishedAt)).toBe(Number(path.basename(first.dir).split('-')[1]));

    saveRevision(
      t.ctx.db,
      testCatalogue({ revision: first.revision, propertyList: [{ name: 'Hill Top Cottage' }] }),
      'test',
      t.ctx.clock(),
    );
    const second = await t.ctx.publisher.publish();
    expect((await health()).json()).toMatchObject({ ok: true, revision: second.revision });
  });

  it('answers 503 when the database does not answer', async () => {
    saveRevision(
      t.ctx.db,
      testCatalogue({ propertyList: [{ name: 'Coffee View Suite' }] }),
      'test',
      t.ctx.clock(),
    );
    await t.ctx.publisher.publish();
    expect((await health()).statusCode).toBe(200);
    t.ctx.db.close();
    const res = await health();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, error: 'The database does not answer.' });
  });
});
