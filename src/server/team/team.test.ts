/**
 * The team through the real app (TEAM-2..TEAM-4, TEAM-7): a real SQLite file, real argon2, the
 * app's clock moved by the test. A setup link works once and not after 24 hours; a role change or
 * a removal ends the account's sessions at once; the last owner stays; sessions are listed and
 * ended; the access log records the team's changes and a manager opening the register.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, TEST_HOST, type TestApp } from '../../../test/test-helpers.js';
import { HOUR_MS } from '../../shared/instants.js';
import type { AccountAdded, SessionInfo, TeamAnswer } from '../../shared/team.js';
import { SESSION_COOKIE } from '../auth/sessions.js';

let t: TestApp;
let now = Date.parse('2026-11-27T06:00:00Z');
const clock = () => now;

afterEach(async () => {
  await t?.cleanup();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  body?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      host: TEST_HOST,
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
      cookie,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

/** Adds `username` as `role` through the API, sets its password through the link, logs it in. */
async function addAndLogIn(username: string, role: string): Promise<string> {
  const added = await call('POST', '/api/team', t.cookie, { username, role });
  expect(added.statusCode).toBe(201);
  const { setupUrl } = added.json<AccountAdded>();
  const path = new URL(setupUrl).pathname;
  const set = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ password: 'a-long-enough-password', confirm: 'a-long-enough-password' }),
  });
  expect(set.statusCode).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { host: TEST_HOST, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0' },
    payload: { username, password: 'a-long-enough-password' },
  });
  expect(login.statusCode).toBe(200);
  const session = login.cookies.find((c) => c.name === SESSION_COOKIE)!;
  return `${SESSION_COOKIE}=${session.value}`;
}

describe('the team (TEAM-2, TEAM-3)', () => {
  it('a setup link sets the password once, and is gone after 24 hours', async () => {
    now = Date.parse('2026-11-27T06:00:00Z');
    t = await makeTestApp({}, { clock });
    const added = await call('POST', '/api/team', t.cookie, { username: 'meera', role: 'manager' });
    expect(added.statusCode).toBe(201);
    const body = added.json<AccountAdded>();
    expect(body).toMatchObject({ username: 'meera', role: 'manager' });
    expect(body.setupUrl).toMatch(/^http:\/\/localhost\/account\/setup\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(body.setupUrl).pathname;
    const token = path.split('/').pop()!;
    // Stored only as its hash.
    const stored = JSON.stringify(t.ctx.db.prepare('SELECT * FROM account_setups').all());
    expect(stored).not.toContain(token);

    const page = await t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('meera');

    const post = (password: string, confirm = password) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ password, confirm }),
      });
    const short = await post('too-short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 12 characters');
    expect((await post('a-long-enough-password', 'another-one-here')).statusCode).toBe(400);
    expect((await post('a-long-enough-password')).statusCode).toBe(200);
    expect((await post('a-second-password-now')).statusCode).toBe(410);
    const team = (await call('GET', '/api/team', t.cookie)).json<TeamAnswer>();
    expect(team.accounts.find((a) => a.username === 'meera')).toMatchObject({
      role: 'manager',
      twoStep: false,
    });

    const late = (
      await call('POST', '/api/team', t.cookie, { username: 'ravi', role: 'accountant' })
    ).json<AccountAdded>();
    now += 24 * HOUR_MS;
    const expired = await t.app.inject({
      method: 'GET',
      url: new URL(late.setupUrl).pathname,
      headers: { host: TEST_HOST },
    });
    expect(expired.statusCode).toBe(410);
  });

  it('a role change and a removal end that account’s sessions at once; the last owner stays', async () => {
    now = Date.parse('2026-11-27T06:00:00Z');
    t = await makeTestApp({}, { clock });
    const meera = await addAndLogIn('meera', 'manager');
    expect((await call('GET', '/api/bookings', meera)).statusCode).toBe(200);
    expect((await call('GET', '/api/team', meera)).statusCode).toBe(403);

    expect(
      (await call('PUT', '/api/team/meera', t.cookie, { role: 'accountant' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/bookings', meera)).statusCode).toBe(401);

    const again = await addAndLogIn('ravi', 'owner');
    expect((await call('GET', '/api/team', again)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/team/ravi', t.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/team', again)).statusCode).toBe(401);

    // "owner" is now the only owner.
    const demote = await call('PUT', '/api/team/owner', t.cookie, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ field: 'username' });
    expect((await call('DELETE', '/api/team/owner', t.cookie)).statusCode).toBe(409);
    expect((await call('PUT', '/api/team/owner', t.cookie, { role: 'boss' })).json()).toMatchObject(
      { field: 'role' },
    );
    expect(
      (await call('POST', '/api/team', t.cookie, { username: 'meera', role: 'manager' }))
        .statusCode,
    ).toBe(409);
  });

  it('lists and ends sessions: one’s own, and every account’s for an owner (TEAM-4)', async () => {
    now = Date.parse('2026-11-27T06:00:00Z');
    t = await makeTestApp({}, { clock });
    const meera = await addAndLogIn('meera', 'manager');
    const mine = (await call('GET', '/api/sessions', meera)).json<{ sessions: SessionInfo[] }>();
    expect(mine.sessions).toHaveLength(1);
    expect(mine.sessions[0]).toMatchObject({
      username: 'meera',
      browser: 'Chrome on Android',
      current: true,
    });
    const all = (await call('GET', '/api/sessions', t.cookie)).json<{ sessions: SessionInfo[] }>();
    expect(all.sessions.map((s) => s.username).sort()).toEqual(['meera', 'owner']);
    const ownerSession = all.sessions.find((s) => s.username === 'owner')!;
    expect((await call('DELETE', `/api/sessions/${ownerSession.id}`, meera)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/sessions/${mine.sessions[0]!.id}`, t.cookie)).statusCode,
    ).toBe(204);
    expect((await call('GET', '/api/sessions', meera)).statusCode).toBe(401);
  });

  it('the access log records the team’s changes and a manager opening the register (TEAM-7)', async () => {
    now = Date.parse('2026-11-27T06:00:00Z');
    t = await makeTestApp({}, { clock });
    const meera = await addAndLogIn('meera', 'manager');
    expect(
      (await call('GET', '/api/register?from=2026-11-01&to=2026-11-30', meera)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/access-log', meera)).statusCode).toBe(403);
    const log = await call('GET', '/api/access-log?from=2026-11-27&to=2026-11-27', t.cookie);
    expect(log.statusCode).toBe(200);
    const actions = log.json<{ entries: { username: string; action: string }[] }>().entries;
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'meera', action: 'guest register read' }),
        expect.objectContaining({ username: 'meera', action: 'account set up (own password set)' }),
        expect.objectContaining({ username: 'owner', action: 'account added: meera (manager)' }),
      ]),
    );
    // Entries older than 400 days are deleted.
    now += 401 * 24 * HOUR_MS;
    t.logIn();
    const later = await call('GET', '/api/access-log?from=2026-11-01&to=2026-11-30', t.cookie);
    expect(later.json<{ entries: unknown[] }>().entries).toEqual([]);
  });
});
