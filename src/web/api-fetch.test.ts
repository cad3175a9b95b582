// @vitest-environment jsdom
/**
 * apiFetch, the browser's one API client, over real HTTP on 127.0.0.1: a scripted server for the
 * exact requests it sends and every kind of answer, and the real app for the answers the server
 * really gives (the 409 of a stale import with yourChanges, SAF-6; a refused field, AVL-9; a
 * wrong login, AUTH-1). The photo upload's answers are read by the same answerOf.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../test/factories.js';
import { makeTestApp, type TestApp } from '../../test/test-helpers.js';
import { startScriptedServer, type ScriptedServer } from '../../test/test-server.js';
import { saveRevision } from '../server/store/revisions.js';
import type { StaleImportAnswer } from '../shared/api-types.js';
import { API } from '../shared/routes.js';
import {
  apiFetch,
  NETWORK_ERROR,
  onSessionEnded,
  SESSION_ENDED,
  type ApiFailure,
} from './api-fetch.js';
import { uploadFile } from './admin/manage-images/upload.js';

/** A loopback port nothing listens on (a server was there a moment ago). */
async function closedPortBase(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('apiFetch against a scripted loopback server', () => {
  let server: ScriptedServer;
  const inits: RequestInit[] = [];
  /** The browser's fetch, recording what apiFetch asked of it. */
  const recording: typeof fetch = (input, init) => {
    inits.push(init ?? {});
    return fetch(input, init);
  };
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    inits.length = 0;
  });

  it('GET fills the pattern’s params and the query, asks for JSON and answers the body as value', async () => {
    server.answers['/api/revisions/7%2F8/restore?limit=20&before=26'] = [
      { status: 200, body: { revision: 9 } },
    ];
    const r = await apiFetch(API.restore, {
      base: server.base,
      params: { n: '7/8' },
      query: { limit: '20', before: '26' },
      fetch: recording,
    });
    expect(r).toEqual({ ok: true, status: 200, value: { revision: 9 } });
    expect(server.seen[0]).toMatchObject({ method: 'GET', contentType: undefined });
    expect(server.seen[0]!.body.length).toBe(0);
    expect(inits[0]!.credentials).toBe('same-origin');
    expect(new Headers(inits[0]!.headers).get('accept')).toBe('application/json');
  });

  it('a body is sent as JSON with its content type, by the method asked', async () => {
    server.answers['/api/login'] = [{ status: 200, body: { ok: true } }];
    const r = await apiFetch(API.login, {
      base: server.base,
      method: 'POST',
      body: { username: 'owner', password: 'pw' },
    });
    expect(r).toEqual({ ok: true, status: 200, value: { ok: true } });
    expect(server.seen[0]).toMatchObject({ method: 'POST', contentType: 'application/json' });
    expect(JSON.parse(server.seen[0]!.body.toString())).toEqual({
      username: 'owner',
      password: 'pw',
    });
  });

  it('a refusal carries its status, error, field and the body’s other fields', async () => {
    const body = { error: 'Too many attempts. Try again in 15 minutes.', retryAfter: 900 };
    server.answers['/api/login'] = [{ status: 429, body }];
    const r = await apiFetch(API.login, {
      base: server.base,
      method: 'POST',
      body: { username: 'a', password: 'b' },
    });
    expect(r).toEqual({ ok: false, status: 429, ...body });
    server.answers['/api/calendar/x'] = [
      { status: 400, body: { error: 'feeds.0.url: must be a web address', field: 'feeds.0.url' } },
    ];
    expect(
      await apiFetch(API.calendar, { base: server.base, params: { propertyId: 'x' } }),
    ).toEqual({
      ok: false,
      status: 400,
      error: 'feeds.0.url: must be a web address',
      field: 'feeds.0.url',
    });
  });

  it('a refusal without the API’s error shape still has a sentence, naming the status', async () => {
    server.answers['/api/genproperties.php'] = [{ status: 502 }, { status: 500, body: ['x'] }];
    const sentence = (status: number) => `The server answered ${status}. Try again in a moment.`;
    expect(await apiFetch(API.generate, { base: server.base })).toEqual({
      ok: false,
      status: 502,
      error: sentence(502),
    });
    expect(await apiFetch(API.generate, { base: server.base })).toEqual({
      ok: false,
      status: 500,
      error: sentence(500),
    });
  });

  it('the owner guard’s 401 is the one session-ended sentence and tells every listener, once per answer (CLIENT-2)', async () => {
    const calls: string[] = [];
    const stopA = onSessionEnded(() => calls.push('a'));
    const stopB = onSessionEnded(() => calls.push('b'));
    server.answers['/api/genproperties.php'] = [
      { status: 401, body: { error: 'log in as the owner first', field: 'session' } },
      { status: 401, body: { error: 'log in as the owner first', field: 'session' } },
    ];
    const ended = {
      ok: false,
      status: 401,
      error: SESSION_ENDED,
      field: 'session',
      sessionEnded: true,
    };
    expect(await apiFetch(API.generate, { base: server.base })).toEqual(ended);
    expect(calls).toEqual(['a', 'b']);
    stopA();
    expect(await apiFetch(API.generate, { base: server.base })).toEqual(ended);
    expect(calls).toEqual(['a', 'b', 'b']);
    // A 401 that is not the owner guard's (the login's wrong password) is the server's own words.
    server.answers['/api/login'] = [
      { status: 401, body: { error: 'Wrong username or password.' } },
    ];
    expect(
      await apiFetch(API.login, {
        base: server.base,
        method: 'POST',
        body: { username: 'a', password: 'b' },
      }),
    ).toEqual({ ok: false, status: 401, error: 'Wrong username or password.' });
    // So is a 403 or a 500 naming the session field: only a 401 means the session ended.
    server.answers['/api/genproperties.php'] = [
      { status: 403, body: { error: 'Not from this site.', field: 'session' } },
    ];
    expect(await apiFetch(API.generate, { base: server.base })).toEqual({
      ok: false,
      status: 403,
      error: 'Not from this site.',
      field: 'session',
    });
    stopB();
    expect(calls).toEqual(['a', 'b', 'b']);
    expect(SESSION_ENDED).toContain('/adminlogin');
  });

  it('a 2xx without a body answers value undefined', async () => {
    server.answers['/api/logout'] = [{ status: 204 }];
    expect(await apiFetch(API.logout, { base: server.base, method: 'POST' })).toEqual({
      ok: true,
      status: 204,
      value: undefined,
    });
  });

  it('no answer is status 0 in plain words: a closed port, an aborted call', async () => {
    const down = await closedPortBase();
    expect(await apiFetch(API.generate, { base: down })).toEqual({
      ok: false,
      status: 0,
      error: NETWORK_ERROR,
    });
    const abort = new AbortController();
    abort.abort();
    server.answers['/api/availability/x'] = [{ status: 200, body: { unavailable: [] } }];
    expect(
      await apiFetch(API.availability, {
        base: server.base,
        params: { propertyId: 'x' },
        signal: abort.signal,
      }),
    ).toEqual({ ok: false, status: 0, error: NETWORK_ERROR });
  });

  it('the photo upload reads its answers the same way: stored, refused with its field, no answer', async () => {
    server.answers['/api/upload.php'] = [
      { status: 200, body: { name: 'a.jpg', width: 4, height: 3 } },
      { status: 415, body: { error: 'This file is not a photo.', field: 'file' } },
    ];
    const progress: number[] = [];
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    expect(await uploadFile(photo, 'a.jpg', (f) => progress.push(f), server.base)).toEqual({
      ok: true,
      status: 200,
      value: { name: 'a.jpg', width: 4, height: 3 },
    });
    expect(progress.at(-1)).toBe(1);
    expect(server.seen[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(await uploadFile(photo, 'b.jpg', () => {}, server.base)).toEqual({
      ok: false,
      status: 415,
      error: 'This file is not a photo.',
      field: 'file',
    });
    expect(await uploadFile(photo, 'c.jpg', () => {}, await closedPortBase())).toEqual({
      ok: false,
      status: 0,
      error: NETWORK_ERROR,
    });
  });
});

describe('apiFetch against the real app', () => {
  let t: TestApp;
  let base: string;
  /** The owner's browser: the session cookie goes with every call. */
  const asOwner: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as object), cookie: t.cookie } });
  beforeAll(async () => {
    t = await makeTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.cleanup());

  it('a stale import answers 409 with the server’s sentence and yourChanges (SAF-6)', async () => {
    const catalogue = testCatalogue({
      propertyList: [{ id: 'misty-hills', name: 'Misty Hills', photos: [] }],
    });
    const based = saveRevision(t.ctx.db, { ...catalogue, revision: 0 }, 'owner', t.ctx.clock());
    const latest = saveRevision(
      t.ctx.db,
      { ...catalogue, revision: based },
      'owner',
      t.ctx.clock(),
    );
    const r = await apiFetch(API.import, {
      base,
      method: 'POST',
      fetch: asOwner,
      body: {
        propertyList: [{ ...catalogue.propertyList[0]!, name: 'Mine' }],
        homeSections: catalogue.homeSections,
        revision: based,
      },
    });
    expect(r.ok).toBe(false);
    const refused = r as ApiFailure<StaleImportAnswer>;
    expect(refused).toMatchObject({ status: 409, field: 'revision', based, latest });
    expect(refused.error).toMatch(/^Your change was not saved\. .*Reload the page/);
    expect(refused.yourChanges).toEqual(["Renamed 'Misty Hills' to 'Mine'"]);
  });

  it('a refused field names it; no session is 401; a wrong login is the one sentence', async () => {
    expect(
      await apiFetch(API.availability, { base, params: { propertyId: 'no-such-stay' } }),
    ).toEqual({
      ok: false,
      status: 404,
      error: 'There is no property with this id.',
      field: 'propertyId',
    });
    // No session: the owner guard's answer is read as the session ended (CLIENT-2).
    let ended = 0;
    const stop = onSessionEnded(() => (ended += 1));
    expect(await apiFetch(API.generate, { base })).toEqual({
      ok: false,
      status: 401,
      error: SESSION_ENDED,
      field: 'session',
      sessionEnded: true,
    });
    stop();
    expect(ended).toBe(1);
    expect(
      await apiFetch(API.login, {
        base,
        method: 'POST',
        body: { username: 'nobody', password: 'not-the-password' },
      }),
    ).toEqual({ ok: false, status: 401, error: 'Wrong username or password.' });
    expect(ended).toBe(1);
    expect(
      await apiFetch(API.login, { base, method: 'POST', body: { username: '', password: 'x' } }),
    ).toEqual({
      ok: false,
      status: 400,
      error: 'username: is missing: enter your username',
      field: 'username',
    });
  });
});
