/**
 * The owner's history API through the real app (real SQLite file in a temp DATA_DIR, real publish
 * with the SSR build: run `node scripts/build.mjs` first): listing (SAF-5), restoring (SAF-3),
 * pruning past REVISIONS_KEPT (SAF-4), and the owner-only guard.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteData } from '../../shared/site-data.js';
import { loadConfig } from '../config.js';
import { getRevision, latestRevision, saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

let t: TestApp;
afterEach(async () => {
  await t?.cleanup();
});

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function postImport(body: SiteData) {
  return t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { 'content-type': 'application/json', ...t.ownerHeaders },
    payload: JSON.stringify(body),
  });
}

function list(query = '', headers = t.ownerHeaders) {
  return t.app.inject({ method: 'GET', url: `/api/revisions${query}`, headers });
}

function restore(n: number | string, headers: Record<string, string> = t.ownerHeaders) {
  return t.app.inject({ method: 'POST', url: `/api/revisions/${n}/restore`, headers });
}

/** Seed (by 'seed'), then two imports by the owner: a rename, then a section deleted. */
async function threeRevisions(env: NodeJS.ProcessEnv = {}): Promise<void> {
  t = await makeTestApp(env);
  saveRevision(
    t.ctx.db,
    testCatalogue({ propertyList: [{ name: 'Coffee View' }, { name: 'Hill Top' }] }),
    'seed',
    t.ctx.clock(),
  );
  expect(
    (
      await postImport(
        testCatalogue({
          revision: 1,
          propertyList: [{ name: 'Coffee Vista' }, { name: 'Hill Top' }],
        }),
      )
    ).statusCode,
  ).toBe(200);
  const noSection = {
    ...testCatalogue({
      revision: 2,
      propertyList: [{ name: 'Coffee Vista' }, { name: 'Hill Top' }],
    }),
    homeSections: [],
  };
  expect((await postImport(noSection)).statusCode).toBe(200);
}

describe('GET /api/revisions (SAF-5)', () => {
  it('lists revisions newest first with time, author and a summary of what changed', async () => {
    await threeRevisions();
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { revisions } = res.json() as { revisions: Record<string, unknown>[] };
    expect(revisions.map((r) => Object.keys(r).sort())).toEqual(
      Array(3).fill(['author', 'createdAt', 'revision', 'summary']),
    );
    expect(revisions.map((r) => [r.revision, r.author, r.summary])).toEqual([
      [3, 'owner', "Section 'Featured' deleted"],
      [2, 'owner', "Renamed 'Coffee View' to 'Coffee Vista'"],
      [1, 'seed', 'First version: 2 properties, 1 home section'],
    ]);
    for (const r of revisions) expect(r.createdAt).toMatch(ISO_RE);
  });

  it('pages with before and limit', async () => {
    await threeRevisions();
    const page = async (q: string) =>
      ((await list(q)).json() as { revisions: { revision: number }[] }).revisions.map(
        (r) => r.revision,
      );
    expect(await page('?limit=2')).toEqual([3, 2]);
    expect(await page('?before=3&limit=2')).toEqual([2, 1]);
    expect(await page('?before=2')).toEqual([1]);
    expect(await page('?before=1')).toEqual([]);
    // A page's last line is still summarised against the revision before it, not as a first one.
    const [last] = (
      (await list('?before=3&limit=1')).json() as { revisions: { summary: string }[] }
    ).revisions;
    expect(last?.summary).toBe("Renamed 'Coffee View' to 'Coffee Vista'");
  });

  it.each([
    ['?before=abc', 'before'],
    ['?before=0', 'before'],
    ['?before=-1', 'before'],
    ['?before=2.5', 'before'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=ten', 'limit'],
    ['?limit=', 'limit'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    await threeRevisions();
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
    expect(typeof res.json().error).toBe('string');
  });

  it('is for the owner only: 401 without a session, 403 cross-site', async () => {
    await threeRevisions();
    expect((await list('', { host: 'stays.test:8080' })).statusCode).toBe(401);
    const cross = await list('', { ...t.ownerHeaders, origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
  });
});

describe('POST /api/revisions/{n}/restore (SAF-3)', () => {
  it('saves revision n as a new revision by the owner, publishes it, and can itself be undone', async () => {
    await threeRevisions();
    const res = await restore(2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revision: 4 });
    const restored = latestRevision(t.ctx.db)!;
    expect(restored).toMatchObject({ id: 4, author: 'owner', restoredFrom: 2 });
    expect(restored.data).toEqual({ ...getRevision(t.ctx.db, 2)!.data, revision: 4 });

    const current = t.ctx.publisher.currentDir()!;
    expect(path.basename(current)).toMatch(/^4-/);
    expect(fs.readFileSync(path.join(current, 'index.html'), 'utf8')).toContain('Featured');

    const undo = await restore(3);
    expect(undo.json()).toEqual({ revision: 5 });
    expect(latestRevision(t.ctx.db)!.data).toEqual({
      ...getRevision(t.ctx.db, 3)!.data,
      revision: 5,
    });
    const { revisions } = (await list('?limit=2')).json() as { revisions: { summary: string }[] };
    expect(revisions.map((r) => r.summary)).toEqual(['Restored revision 3', 'Restored revision 2']);
  });

  it('accepts an empty JSON body', async () => {
    await threeRevisions();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/revisions/1/restore',
      headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revision: 4 });
  });

  it('a tab still showing the revision before the restore gets 409', async () => {
    await threeRevisions();
    expect((await restore(1)).statusCode).toBe(200);
    const late = await postImport(
      testCatalogue({
        revision: 3,
        propertyList: [{ name: 'Coffee Vista' }, { name: 'Hill Top' }],
      }),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ field: 'revision', latest: 4, based: 3 });
  });

  it('answers 404 for an unknown revision and 400 for a malformed one, storing nothing', async () => {
    await threeRevisions();
    const unknown = await restore(99);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'revision' });
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const res = await restore(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'revision' });
    }
    expect(latestRevision(t.ctx.db)!.id).toBe(3);
  });

  it('refuses with 422 a stored catalogue that the current rules refuse, storing nothing', async () => {
    await threeRevisions();
    const { revision: _r, ...broken } = testCatalogue({ propertyList: [{ name: 'Coffee View' }] });
    broken.propertyList[0]!.bedCount = -1;
    t.ctx.db
      .prepare("INSERT INTO revisions (created_at, author, json) VALUES (?, 'old', ?)")
      .run(new Date().toISOString(), JSON.stringify(broken));
    const res = await restore(4);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'revision' });
    expect(res.json().error).toMatch(/^Revision 4 cannot be restored: propertyList\.0\.bedCount: /);
    expect(latestRevision(t.ctx.db)!.id).toBe(4);
  });

  it('is for the owner only: 401 without a session, 403 cross-site, nothing stored', async () => {
    await threeRevisions();
    expect((await restore(1, { host: 'stays.test:8080' })).statusCode).toBe(401);
    const cross = await restore(1, { ...t.ownerHeaders, 'sec-fetch-site': 'cross-site' });
    expect(cross.statusCode).toBe(403);
    expect(latestRevision(t.ctx.db)!.id).toBe(3);
  });
});

describe('REVISIONS_KEPT (SAF-4)', () => {
  it('keeps only the newest revisions; a pruned one is 404 and the oldest kept says so', async () => {
    await threeRevisions({ REVISIONS_KEPT: '2' });
    expect(getRevision(t.ctx.db, 1)).toBeUndefined();
    const { revisions } = (await list()).json() as {
      revisions: { revision: number; summary: string }[];
    };
    expect(revisions).toMatchObject([
      { revision: 3, summary: "Section 'Featured' deleted" },
      { revision: 2, summary: 'Oldest revision kept: 2 properties, 1 home section' },
    ]);
    expect((await restore(1)).statusCode).toBe(404);
  });

  it('reads REVISIONS_KEPT (default 200) and refuses a malformed one at start', () => {
    expect(loadConfig({}).revisionsKept).toBe(200);
    expect(loadConfig({ REVISIONS_KEPT: '30' }).revisionsKept).toBe(30);
    for (const bad of ['0', '-3', 'many', '2.5']) {
      expect(() => loadConfig({ REVISIONS_KEPT: bad })).toThrow(/REVISIONS_KEPT/);
    }
  });
});
