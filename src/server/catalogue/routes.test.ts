/**
 * POST /api/import(.php) and the publish calls through the real app (real SQLite file in a temp
 * DATA_DIR): a published global data object imports back as it is; every refusal answers with its status and field and leaves the stored catalogue as it was.
 */
import { PRIVACY_PAGES } from '../../shared/privacy-notice.js';
import fs from 'node:fs';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import { DATA_GLOBAL, type SiteData } from '../../shared/site-data.js';
import { getRevision, latestRevision, saveRevision } from '../store/revisions.js';
import { dataScriptOf, makeTestApp, type TestApp } from '../../../test/test-helpers.js';

function catalogue(revision = 0): SiteData {
  return testCatalogue({
    propertyList: [
      {
        id: 'coffee-view',
        name: 'Coffee View Suite',
        address: 'KM Road, Chikmagalur',
        photos: [
          { name: 'a1b2.jpg', best: true, home: true },
          { name: 'c3d4.webp', best: false, home: false },
        ],
        checkIn: '12:00',
      },
      {
        id: 'hill-top',
        name: 'Hill Top Cottage',
        address: 'Mullayanagiri Road',
        description: '',
        facilities: [],
        bedCount: 0,
        bathCount: 0,
        photos: [],
      },
    ],
    homeSections: [{ id: 'featured', name: 'Featured', properties: ['coffee-view', 'hill-top'] }],
    revision,
  });
}

interface LooseProperty {
  photos: Record<string, unknown>[];
  [key: string]: unknown;
}
interface Loose {
  propertyList: LooseProperty[];
  [key: string]: unknown;
}

/** A body builder: a valid catalogue based on revision 1, broken on purpose by `change`. */
function edit(change: (b: Loose) => void): () => Loose {
  return () => {
    const b = JSON.parse(JSON.stringify(catalogue(1))) as Loose;
    change(b);
    return b;
  };
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.cleanup();
});

function postImport(
  body: unknown,
  opts: { headers?: Record<string, string>; url?: string; raw?: boolean } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/import',
    headers: { 'content-type': 'application/json', ...t.ownerHeaders, ...opts.headers },
    payload: opts.raw ? (body as string) : JSON.stringify(body),
  });
}

describe('import', () => {
  it('stores each import as a new revision on both paths and answers { revision }', async () => {
    const first = await postImport(catalogue(0), { url: '/api/import.php' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ revision: 1 });

    const next = { ...catalogue(1), homeSections: [] };
    const second = await postImport(next);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ revision: 2 });

    const latest = latestRevision(t.ctx.db);
    expect(latest?.id).toBe(2);
    expect(latest?.author).toBe(t.owner);
    expect(latest?.data).toEqual({ ...next, revision: 2 });
    expect(getRevision(t.ctx.db, 1)?.data).toEqual({ ...catalogue(0), revision: 1 });
  });

  it('sanitises descriptions before storing them', async () => {
    const data = catalogue(0);
    data.propertyList[0]!.description =
      '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://ok.example/">ok</a></p><img src=x onerror=alert(1)><style>*{}</style>';
    expect((await postImport(data)).statusCode).toBe(200);
    expect(latestRevision(t.ctx.db)?.data.propertyList[0]?.description).toBe(
      '<p>Hi <a>x</a> <a href="https://ok.example/">ok</a></p>',
    );
  });

  it('refuses an import based on an old revision with 409, saying what happened and what to do (SAF-6)', async () => {
    expect((await postImport(catalogue(0))).statusCode).toBe(200);
    expect((await postImport(catalogue(1))).statusCode).toBe(200);
    const late = catalogue(1);
    late.propertyList[1]!.name = 'Hill Top Villa';
    const stale = await postImport(late);
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({
      field: 'revision',
      latest: 2,
      based: 1,
      yourChanges: ["Renamed 'Hill Top Cottage' to 'Hill Top Villa'"],
    });
    expect(body.error).toMatch(
      /^Your change was not saved\. This page shows revision 1, but revision 2 was saved by owner on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(from another tab or device\)\. Reload the page to see it, then make your change again\.$/,
    );
    expect(latestRevision(t.ctx.db)?.id).toBe(2);
  });

  it('the refused change carries its new values in full, to be made again after the reload (SAF-6)', async () => {
    expect((await postImport(catalogue(0))).statusCode).toBe(200);
    expect((await postImport(catalogue(1))).statusCode).toBe(200);
    const late = catalogue(1);
    const name = late.propertyList[1]!.name;
    late.propertyList[1]!.description = 'Two bedrooms.\nA garden with coffee plants.';
    late.propertyList[1]!.facilities = ['Wi-Fi', 'Parking'];
    late.propertyList[1]!.bedCount = 3;
    const stale = await postImport(late);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().yourChanges).toEqual([
      `Bed count of ${name} changed to: 3`,
      `Description of ${name} changed to: Two bedrooms.\nA garden with coffee plants.`,
      `Facilities of ${name} changed to: Wi-Fi, Parking`,
    ]);
  });

  it('two imports from the same revision: one 200 and one 409', async () => {
    expect((await postImport(catalogue(0))).statusCode).toBe(200);
    const a = { ...catalogue(1), homeSections: [] };
    const b = {
      ...catalogue(1),
      propertyList: catalogue(1).propertyList.slice(0, 1),
      homeSections: [],
    };
    const answers = await Promise.all([postImport(a), postImport(b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!;
    expect(winner.json()).toEqual({ revision: 2 });
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      field: 'revision',
      latest: 2,
    });
    const stored = latestRevision(t.ctx.db)!;
    expect(stored.id).toBe(2);
    expect([
      { ...a, revision: 2 },
      { ...b, revision: 2 },
    ]).toContainEqual(stored.data);
  });

  it('401 without a session, 403 cross-site; nothing stored', async () => {
    expect((await postImport(catalogue(0))).statusCode).toBe(200);
    const before = latestRevision(t.ctx.db);
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/api/import.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(catalogue(1)),
    });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json()).toMatchObject({ field: 'session' });
    const badSession = await postImport(catalogue(1), {
      headers: { cookie: 'stays-session=forged' },
    });
    expect(badSession.statusCode).toBe(401);
    const otherOrigin = await postImport(catalogue(1), {
      headers: { origin: 'https://evil.example' },
    });
    expect(otherOrigin.statusCode).toBe(403);
    const crossSite = await postImport(catalogue(1), {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(latestRevision(t.ctx.db)).toEqual(before);
  });

  const long = (n: number) => 'x'.repeat(n);
  type Case = [
    label: string,
    make: () => unknown,
    status: number,
    field: string,
    opts?: { raw?: boolean; type?: string },
  ];
  const malformed: Case[] = [
    [
      'a count given as a string',
      edit((b) => {
        b.propertyList[0]!.bedCount = '2';
      }),
      400,
      'propertyList.0.bedCount',
    ],
    [
      'a negative count',
      edit((b) => {
        b.propertyList[0]!.bedCount = -1;
      }),
      400,
      'propertyList.0.bedCount',
    ],
    [
      'a fractional count',
      edit((b) => {
        b.propertyList[0]!.bathCount = 1.5;
      }),
      400,
      'propertyList.0.bathCount',
    ],
    [
      'a property without a name',
      edit((b) => {
        delete b.propertyList[1]!.name;
      }),
      400,
      'propertyList.1.name',
    ],
    [
      'no propertyList',
      edit((b) => {
        delete (b as Partial<Loose>).propertyList;
      }),
      400,
      'propertyList',
    ],
    [
      'no revision',
      edit((b) => {
        delete b.revision;
      }),
      400,
      'revision',
    ],
    [
      'a negative revision',
      edit((b) => {
        b.revision = -1;
      }),
      400,
      'revision',
    ],
    [
      'duplicate property ids',
      edit((b) => {
        b.propertyList[1]!.id = 'coffee-view';
      }),
      400,
      'propertyList.1.id',
    ],
    [
      'a property id with a slash',
      edit((b) => {
        b.propertyList[1]!.id = 'a/b';
      }),
      400,
      'propertyList.1.id',
    ],
    [
      'a section naming a missing property',
      () => ({ ...catalogue(1), homeSections: [{ id: 's', name: 'S', properties: ['nowhere'] }] }),
      400,
      'homeSections.0.properties.0',
    ],
    [
      'a property listed twice in a section',
      () => ({
        ...catalogue(1),
        homeSections: [{ id: 's', name: 'S', properties: ['hill-top', 'hill-top'] }],
      }),
      400,
      'homeSections.0.properties.1',
    ],
    [
      'duplicate section ids',
      () => ({
        ...catalogue(1),
        homeSections: [
          ...catalogue(1).homeSections,
          { id: 'featured', name: 'Again', properties: [] },
        ],
      }),
      400,
      'homeSections.1.id',
    ],
    [
      'two best photos',
      edit((b) => {
        b.propertyList[0]!.photos[1]!.best = true;
      }),
      400,
      'propertyList.0.photos.1.best',
    ],
    [
      'a path-traversal photo name',
      edit((b) => {
        b.propertyList[0]!.photos[0]!.name = '../../stays.sqlite3';
      }),
      400,
      'propertyList.0.photos.0.name',
    ],
    [
      'a photo name with a folder',
      edit((b) => {
        b.propertyList[0]!.photos[1]!.name = 'a/b.jpg';
      }),
      400,
      'propertyList.0.photos.1.name',
    ],
    [
      'an unknown key on a photo',
      edit((b) => {
        b.propertyList[0]!.photos[0]!.caption = 'x';
      }),
      400,
      'propertyList.0.photos.0.caption',
    ],
    [
      'an over-long name',
      edit((b) => {
        b.propertyList[0]!.name = long(201);
      }),
      400,
      'propertyList.0.name',
    ],
    [
      'an over-long description',
      edit((b) => {
        b.propertyList[0]!.description = long(20_001);
      }),
      400,
      'propertyList.0.description',
    ],
    [
      'a detail that is not a string',
      edit((b) => {
        b.propertyList[0]!.checkIn = 12;
      }),
      400,
      'propertyList.0.checkIn',
    ],
    ['an extra top-level key', () => ({ ...catalogue(1), admin: true }), 400, 'admin'],
    [
      'an extra top-level key next to the keys publishing derives',
      () => ({ ...catalogue(1), photoSizes: {}, site: {}, publishedAt: '', admin: true }),
      400,
      'admin',
    ],
    [
      'an unknown key inside a home section of a published data object',
      () => {
        const b = { ...catalogue(1), photoSizes: {}, publishedAt: '2026-01-01T00:00:00.000Z' };
        return { ...b, homeSections: [{ ...b.homeSections[0]!, hidden: true }] };
      },
      400,
      'homeSections.0.hidden',
    ],
    [
      'facilities that are not a list',
      edit((b) => {
        b.propertyList[0]!.facilities = 'Wi-Fi';
      }),
      400,
      'propertyList.0.facilities',
    ],
    ['an array body', () => [catalogue(1)], 400, 'body'],
    ['a null body', () => 'null', 400, 'body', { raw: true }],
    ['a body that is not JSON', () => '{"propertyList": [', 400, 'body', { raw: true }],
    [
      'a __proto__ key',
      () => '{"__proto__": {"admin": true}, "propertyList": [], "homeSections": [], "revision": 1}',
      400,
      'body',
      { raw: true },
    ],
    [
      'a text/plain body',
      () => JSON.stringify(catalogue(1)),
      415,
      'content-type',
      { raw: true, type: 'text/plain' },
    ],
    [
      'a form body',
      () => 'revision=1',
      415,
      'content-type',
      { raw: true, type: 'application/x-www-form-urlencoded' },
    ],
    [
      'a body over 5 MB',
      edit((b) => {
        b.propertyList[0]!.description = long(5 * 1024 * 1024);
      }),
      413,
      'body',
    ],
  ];

  it.each(malformed)('refuses %s, stores nothing', async (_label, make, status, field, opts) => {
    expect((await postImport(catalogue(0))).statusCode).toBe(200);
    const before = latestRevision(t.ctx.db);
    const res = await postImport(make(), {
      raw: opts?.raw,
      headers: opts?.type ? { 'content-type': opts.type } : undefined,
    });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.field).toBe(field);
    expect(typeof body.error).toBe('string');
    expect(body.error.length).toBeGreaterThan(0);
    expect(latestRevision(t.ctx.db)).toEqual(before);
  });
});

describe('import of a published global data object (OPS-1; run `node scripts/build.mjs` first)', () => {
  /** The global data object of the published home page, as a browser evaluates it. */
  async function publishedDataObject(): Promise<Record<string, unknown>> {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const script = await t.app.inject({ method: 'GET', url: dataScriptOf(home.body) });
    const sandbox = { window: {} as Record<string, unknown> };
    vm.runInNewContext(script.body, sandbox);
    return JSON.parse(JSON.stringify(sandbox.window[DATA_GLOBAL])) as Record<string, unknown>;
  }

  it('accepts the object posted back unchanged and stores the catalogue alone', async () => {
    const revision = saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    await t.ctx.publisher.publish();
    const object = await publishedDataObject();
    expect(Object.keys(object).sort()).toEqual(
      [
        'fromRates',
        'homeSections',
        'photoSizes',
        'propertyList',
        'publishedAt',
        'reviews',
        'revision',
        'site',
      ].sort(),
    );

    const res = await postImport(object, { url: '/api/import.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revision: revision + 1 });
    const stored = latestRevision(t.ctx.db)!.data as unknown as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['homeSections', 'propertyList', 'revision']);
    expect(stored).toEqual({
      propertyList: object.propertyList,
      homeSections: object.homeSections,
      revision: revision + 1,
    });
  });

  it('ignores the derived keys whatever they hold', async () => {
    const res = await postImport({
      ...catalogue(0),
      photoSizes: 'not sizes',
      site: { siteUrl: 'https://elsewhere.example' },
      publishedAt: 7,
      fromRates: { 'stay-1': 'cheap' },
      reviews: { 'stay-1': 'glowing' },
    });
    expect(res.statusCode).toBe(200);
    expect(latestRevision(t.ctx.db)!.data).toEqual({ ...catalogue(0), revision: 1 });
  });
});

describe('generate (the real publisher: run `node scripts/build.mjs` first)', () => {
  function published(): string[] {
    return fs.readdirSync(t.ctx.paths.site).filter((n) => /^\d+-\d+$/.test(n));
  }

  it('publishes on GET /api/genproperties.php and POST /api/generate', async () => {
    const revision = saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const spec = await t.app.inject({
      method: 'GET',
      url: '/api/genproperties.php',
      headers: t.ownerHeaders,
    });
    expect(spec.statusCode).toBe(200);
    // The route table's six, and the privacy page in two languages (PRIV-2).
    expect(spec.json()).toMatchObject({ revision, pages: 6 + PRIVACY_PAGES.length });
    expect(typeof spec.json().ms).toBe('number');
    const alias = await t.app.inject({
      method: 'POST',
      url: '/api/generate',
      headers: t.ownerHeaders,
    });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toMatchObject({ revision, pages: 6 + PRIVACY_PAGES.length });
    expect(published()).toHaveLength(2);
    const page = await t.app.inject({ method: 'GET', url: '/stay/coffee-view' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coffee View Suite');
  });

  it('answers 409 when nothing is stored yet to publish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate',
      headers: t.ownerHeaders,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'There is nothing to publish: no catalogue is stored yet.',
      field: 'revision',
    });
    expect(published()).toEqual([]);
  });

  it('answers 500 in plain words when publishing fails, naming no path or system error (HTTP-1)', async () => {
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    // The published-site folder replaced by a file: the publish fails in the file system.
    fs.rmSync(t.ctx.paths.site, { recursive: true, force: true });
    fs.writeFileSync(t.ctx.paths.site, 'not a folder');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate',
      headers: t.ownerHeaders,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error:
        'Publishing failed; the site still shows what was published before. Try again in a moment.',
      field: 'server',
    });
    expect(res.body).not.toContain(t.dataDir);
    expect(res.body).not.toMatch(/ENOTDIR|EEXIST|Error/);
  });

  it('401 without a session and 403 cross-site, without publishing', async () => {
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    expect((await t.app.inject({ method: 'GET', url: '/api/genproperties.php' })).statusCode).toBe(
      401,
    );
    const crossSite = await t.app.inject({
      method: 'GET',
      url: '/api/genproperties.php',
      headers: { cookie: t.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/generate',
      headers: { cookie: t.cookie, origin: 'https://evil.example' },
    });
    expect(otherOrigin.statusCode).toBe(403);
    expect(published()).toEqual([]);
  });
});
