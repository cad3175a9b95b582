/**
 * HTTP-1 and HTTP-2 through the real app (real SQLite file): every /api route of the route table
 * answers its refusals, the framework's own included, as JSON { error, field? } with the right
 * status (404 unknown, 405 with Allow, 400 bad JSON, 413, 415, 403, 500), never a stack, an SQL
 * message or a library's text; and every write refuses, before reading its body, another site
 * (403) and any Content-Type but exactly its own (415).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, apiPath } from '../shared/routes.js';
import { testCatalogue } from '../../test/factories.js';
import { makeTestApp, multipartBody, type TestApp } from '../../test/test-helpers.js';
import { latestRevision, saveRevision } from './store/revisions.js';
import { z } from 'zod';
import { schemaRefusal } from './errors.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The methods of each row of the route table. A `Record` over the table's keys: a new API call
 * fails to compile here until its methods are listed, and the 405 test below checks the list
 * against the app.
 */
const METHODS: Record<keyof typeof API, Method[]> = {
  import: ['POST'],
  importAlias: ['POST'],
  generate: ['GET'],
  generatePost: ['POST'],
  upload: ['POST'],
  uploadAlias: ['POST'],
  login: ['POST'],
  logout: ['POST'],
  session: ['GET'],
  revisions: ['GET'],
  restore: ['POST'],
  availability: ['GET'],
  quote: ['GET'],
  calendar: ['GET', 'PUT'],
  calendarSync: ['POST'],
  calendarSecret: ['POST'],
  bookings: ['GET', 'POST'],
  bookingAction: ['POST'],
  bookingTaken: ['POST'],
  // POST is the action route's (`/api/bookings/:id/:action`), which refuses `events` as an action.
  bookingEvents: ['GET', 'POST'],
  stays: ['GET'],
  backupStatus: ['GET'],
  conflicts: ['GET'],
  health: ['GET'],
};

/** What each write takes as its body when it is not JSON. */
const BODY: Partial<Record<keyof typeof API, 'multipart' | 'json-or-form'>> = {
  upload: 'multipart',
  uploadAlias: 'multipart',
  login: 'json-or-form',
};

const UNSAFE: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Every /api row with its path parameters filled in. */
const API_ROWS = (Object.keys(API) as (keyof typeof API)[])
  .filter((key) => API[key].startsWith('/api/'))
  .map((key) => ({
    key,
    url: apiPath(API[key], { propertyId: 'stay-1', n: 1, id: 'b1', action: 'accept' }),
  }));

/** Every write of the API: each /api row with each of its unsafe methods. */
const WRITES = API_ROWS.flatMap(({ key, url }) =>
  METHODS[key].filter((m) => UNSAFE.includes(m)).map((method) => ({ key, url, method })),
);

/** Asserts the one error shape: JSON of `error` (plain words) and at most `field`, never cached. */
function expectError(res: LightMyRequestResponse, status: number, field?: string) {
  const label = `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, label).toBe(status);
  expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
  expect(res.headers['cache-control'], label).toBe('no-store');
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.error, label).toBe('string');
  expect(body.error, label).toMatch(/^[A-Za-z"].{3,300}$/s);
  expect(body.error, label).not.toMatch(/FST_|ERR_|Error|\bat \/|node_modules|SQLITE|\.ts:/);
  if (field !== undefined) expect(body.field, label).toBe(field);
  return body;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0' });
  saveRevision(t.ctx.db, testCatalogue(), 'test', t.ctx.clock());
});
afterEach(async () => {
  await t.cleanup();
});

const revisions = () =>
  (t.ctx.db.prepare('SELECT COUNT(*) AS n FROM revisions').get() as { n: number }).n;

describe('HTTP-2: a write takes only its own content type', () => {
  const JSON_BODY = JSON.stringify(testCatalogue({ revision: 1 }));
  const ODD_JSON = [' application/json', 'application/json\t', 'APPLICATION/JSON;x'];
  const OTHER = [
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonp',
    'text/json',
    'application/json;x',
    'application/json, text/plain',
  ];

  it.each(WRITES)(
    '$method $url refuses every other content type with 415, with or without an Origin',
    async ({ key, url, method }) => {
      const body = BODY[key];
      const refused = [
        ...ODD_JSON,
        ...OTHER.filter(
          (type) =>
            !(body === 'json-or-form' && type === 'application/x-www-form-urlencoded') &&
            !(body === 'multipart' && type.startsWith('multipart/form-data')),
        ),
        ...(body === 'multipart' ? ['application/json'] : []),
      ];
      const before = revisions();
      for (const type of refused) {
        for (const origin of [{ origin: 'http://localhost' }, {}]) {
          const { origin: _o, ...noOrigin } = t.ownerHeaders;
          const res = await t.app.inject({
            method,
            url,
            headers: { ...noOrigin, ...origin, 'content-type': type },
            payload: JSON_BODY,
          });
          expectError(res, 415, 'content-type');
        }
      }
      expect(revisions()).toBe(before);
    },
  );

  it.each(WRITES)(
    '$method $url refuses an Origin of null or of another site with 403',
    async ({ url, method }) => {
      const before = revisions();
      for (const headers of [
        { origin: 'null' },
        { origin: 'https://evil.test' },
        { origin: 'http://localhost.evil.test' },
        { origin: 'http://localhost:8080' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        for (const type of ['application/json', 'text/plain']) {
          const res = await t.app.inject({
            method,
            url,
            headers: { ...t.ownerHeaders, ...headers, 'content-type': type },
            payload: JSON_BODY,
          });
          expectError(res, 403, 'origin');
        }
      }
      expect(revisions()).toBe(before);
    },
  );

  it('refuses before the body is read: 403 and 415 win over bad JSON and over a body past the limit', async () => {
    const huge = `{"a":"${'x'.repeat(6 * 1024 * 1024)}"}`;
    for (const payload of ['{"propertyList": [', huge]) {
      const crossSite = await t.app.inject({
        method: 'POST',
        url: API.importAlias,
        headers: { ...t.ownerHeaders, origin: 'null', 'content-type': 'application/json' },
        payload,
      });
      expectError(crossSite, 403, 'origin');
      const wrongType = await t.app.inject({
        method: 'POST',
        url: API.importAlias,
        headers: { ...t.ownerHeaders, 'content-type': 'text/plain' },
        payload,
      });
      expectError(wrongType, 415, 'content-type');
    }
    // A visitor's text/plain write to the login is refused before any credential is looked at.
    const login = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'text/plain' },
      payload: '{"username":"owner","password":"x"}',
    });
    expectError(login, 415, 'content-type');
    expect(t.ctx.db.prepare('SELECT COUNT(*) AS n FROM login_attempts').get()).toEqual({ n: 0 });
  });

  it('accepts exactly the types each write takes (and no type when there is no body)', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: API.importAlias,
      headers: { ...t.ownerHeaders, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON_BODY,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=nobody&password=wrong',
    });
    expect(form.statusCode).toBe(303);
    const upload = multipartBody([{ name: 'other', bytes: Buffer.from('x') }]);
    const multipart = await t.app.inject({
      method: 'POST',
      url: API.uploadAlias,
      headers: { ...t.ownerHeaders, ...upload.headers },
      payload: upload.payload,
    });
    // Past the content-type check: the route itself names the missing field.
    expectError(multipart, 400, 'file');
    const logout = await t.app.inject({ method: 'POST', url: API.logout, headers: t.ownerHeaders });
    expect(logout.statusCode).toBe(200);
  });

  it('keeps the owner check after it: an anonymous write with the right type gets 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.importAlias,
      headers: { 'content-type': 'application/json' },
      payload: JSON_BODY,
    });
    expectError(res, 401, 'session');
  });
});

describe('HTTP-1: one error shape for every refusal', () => {
  it('answers a known /api path asked with another method 405 with Allow, for every row of the table', async () => {
    for (const { key, url } of API_ROWS) {
      const methods = METHODS[key];
      const allow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
        (m) => methods.includes(m as Method) || (m === 'HEAD' && methods.includes('GET')),
      );
      for (const method of (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as Method[]).filter(
        (m) => !methods.includes(m),
      )) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
          payload: method === 'GET' ? undefined : '{not json',
        });
        expectError(res, 405, 'method');
        expect(res.headers.allow, `${method} ${url}`).toBe(allow.join(', '));
      }
    }
  });

  it('answers an unknown /api path 404 whatever the method and body', async () => {
    for (const url of [
      '/api/nope',
      '/api/',
      '/api/import/extra',
      '/api/calendar/stay-1/nope',
      '/api/IMPORT',
    ]) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
          payload: method === 'GET' || method === 'HEAD' ? undefined : '{not json',
        });
        if (method === 'HEAD') {
          expect(res.statusCode).toBe(404);
          continue;
        }
        expectError(res, 404, 'path');
      }
    }
  });

  it('words the framework errors: bad JSON, an empty JSON body, a body past the limit', async () => {
    const post = (url: string, payload: string, method: 'POST' | 'PUT' = 'POST') =>
      t.app.inject({
        method,
        url,
        headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
        payload,
      });
    for (const [url, method] of [
      [API.importAlias, 'POST'],
      [apiPath(API.calendar, { propertyId: 'stay-1' }), 'PUT'],
      [API.login, 'POST'],
    ] as const) {
      expect(expectError(await post(url, '{"a":', method), 400, 'body').error).toBe(
        'The body is not valid JSON.',
      );
      expectError(await post(url, '', method), 400, 'body');
      expectError(await post(url, `"${'x'.repeat(6 * 1024 * 1024)}"`, method), 413, 'body');
    }
  });

  it('answers a malformed percent-encoding in the path in the one shape, 400 naming url', async () => {
    for (const url of ['/api/calendar/%E0%A4%A', '/stay/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.ownerHeaders });
      const body = expectError(res, 400, 'url');
      expect(body).not.toHaveProperty('code');
      expect(body).not.toHaveProperty('statusCode');
    }
  });

  it('answers a cut-short or malformed upload form 400 naming the file, not 500', async () => {
    const type = 'multipart/form-data; boundary=abc';
    const head = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n';
    for (const payload of [`${head}cut short`, 'not a form at all', '--abc\r\nno header end']) {
      const res = await t.app.inject({
        method: 'POST',
        url: API.uploadAlias,
        headers: { ...t.ownerHeaders, 'content-type': type },
        payload,
      });
      expectError(res, 400, 'file');
    }
    const proto = await t.app.inject({
      method: 'POST',
      url: API.uploadAlias,
      headers: { ...t.ownerHeaders, 'content-type': type },
      payload: '--abc\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--abc--\r\n',
    });
    expectError(proto, 400, 'body');
  });

  it('answers an internal failure 500 in fixed words: no SQL, no stack, no path', async () => {
    // A real failure inside the route: the table it reads is gone.
    t.ctx.db.exec('ALTER TABLE revisions RENAME TO revisions_gone');
    const res = await t.app.inject({ method: 'GET', url: API.revisions, headers: t.ownerHeaders });
    const body = expectError(res, 500, 'server');
    expect(body).toEqual({
      error: 'The server failed to do this; try again in a moment.',
      field: 'server',
    });
    expect(res.body).not.toMatch(/no such table|revisions_gone|sqlite/i);
    t.ctx.db.exec('ALTER TABLE revisions_gone RENAME TO revisions');
  });

  it('carries extra fields of a refusal the client acts on: the 409 stale import (SAF-6)', async () => {
    const stale = await t.app.inject({
      method: 'POST',
      url: API.importAlias,
      headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify(testCatalogue({ revision: 0 })),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ field: 'revision', latest: 1, based: 0 });
    expect(latestRevision(t.ctx.db)?.id).toBe(1);
  });

  it('keeps the HTML 404 page for pages (run `node scripts/build.mjs` first)', async () => {
    await t.ctx.publisher.publish();
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const post = await t.app.inject({ method: 'POST', url: '/no-such-page', payload: 'x' });
    expectError(post, 404, 'path');
  });
});

describe('STAY-1: one translator from a zod issue to an ApiError', () => {
  const schema = z.strictObject({
    feeds: z.array(z.object({ url: z.string({ error: 'must be a web address' }) })),
  });
  const refusal = (value: unknown, status?: 422) => {
    const parsed = schema.safeParse(value);
    expect(parsed.success).toBe(false);
    const error = schemaRefusal(parsed.error!, status);
    return { status: error.status, field: error.field, error: error.message };
  };

  it('names the path of the first issue, an unknown key by its name, the whole body as "body"', () => {
    expect(refusal({ feeds: [{ url: 1 }] })).toEqual({
      status: 400,
      field: 'feeds.0.url',
      error: 'feeds.0.url: must be a web address',
    });
    expect(refusal({ feeds: [], colour: 'red' })).toMatchObject({ field: 'colour' });
    expect(refusal('not an object', 422)).toMatchObject({ status: 422, field: 'body' });
  });
});
