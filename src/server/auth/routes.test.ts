import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { setPassword } from '../auth/accounts.js';
import { SESSION_ABSOLUTE_MS } from '../auth/sessions.js';

const USER = 'owner';
const PASSWORD = 'tea-and-coffee-estates';

const built: BuiltApp[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const b of built.splice(0)) await b.app.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A real app on a temp DATA_DIR with one account and a write route behind the real guard. */
async function makeApp(
  siteUrl = 'https://stays.example',
  env: NodeJS.ProcessEnv = {},
): Promise<BuiltApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-auth-'));
  dirs.push(dataDir);
  const b = await buildApp(loadConfig({ DATA_DIR: dataDir, SITE_URL: siteUrl, ...env }));
  built.push(b);
  await setPassword(b.ctx.db, USER, PASSWORD, b.ctx.clock());
  b.app.post('/test/write', { permission: 'content' }, async () => ({ wrote: true }));
  return b;
}

function login(b: BuiltApp, body: unknown, extra: Partial<InjectOptions> = {}) {
  return b.app.inject({ method: 'POST', url: '/api/login', payload: body as object, ...extra });
}

function cookie(res: LightMyRequestResponse, name: string) {
  const c = res.cookies.find((x) => x.name === name);
  if (!c) throw new Error(`no ${name} cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return c;
}

function sessionRows(b: BuiltApp): { id_hash: string; username: string }[] {
  return b.ctx.db.prepare('SELECT id_hash, username FROM sessions').all() as {
    id_hash: string;
    username: string;
  }[];
}

const WRONG = { error: 'Wrong username or password.' };

describe('POST /api/login', () => {
  it('sets the HttpOnly session cookie and the readable admin-key cookie, Secure under https', async () => {
    const b = await makeApp('https://stays.example');
    const res = await login(b, { username: USER, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');

    const session = cookie(res, 'stays-session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: true });
    expect(session.maxAge).toBe(SESSION_ABSOLUTE_MS / 1000);
    expect(Buffer.from(session.value, 'base64url')).toHaveLength(32);

    const adminKey = cookie(res, 'admin-key');
    expect(adminKey.value).not.toBe('');
    expect(adminKey.value).not.toBe(session.value);
    expect(adminKey).toMatchObject({ sameSite: 'Strict', path: '/', secure: true });
    expect(adminKey.httpOnly).toBeUndefined();
    const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(raw.find((c) => c.startsWith('admin-key='))).not.toMatch(/HttpOnly/i);
  });

  it('leaves Secure off when SITE_URL is plain http', async () => {
    const b = await makeApp('http://localhost:3000');
    const res = await login(b, { username: USER, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(cookie(res, 'stays-session').secure).toBeUndefined();
    expect(cookie(res, 'admin-key').secure).toBeUndefined();
    expect(cookie(res, 'stays-session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    });
  });

  it('stores the session id only as its SHA-256 hash, and the session opens writes', async () => {
    const b = await makeApp();
    const res = await login(b, { username: USER, password: PASSWORD });
    const id = cookie(res, 'stays-session').value;
    const rows = sessionRows(b);
    expect(rows).toEqual([
      { id_hash: crypto.createHash('sha256').update(id).digest('hex'), username: USER },
    ]);
    expect(JSON.stringify(b.ctx.db.prepare('SELECT * FROM sessions').all())).not.toContain(id);

    const me = await b.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { 'stays-session': id },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: USER, role: 'owner' });
    const write = await b.app.inject({
      method: 'POST',
      url: '/test/write',
      cookies: { 'stays-session': id },
    });
    expect(write.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same 401 body, setting no cookie', async () => {
    const b = await makeApp();
    const wrongPassword = await login(b, { username: USER, password: 'not-the-password' });
    const unknownUser = await login(b, { username: 'mallory', password: PASSWORD });
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(WRONG);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(wrongPassword.body).toBe(unknownUser.body);
    expect(sessionRows(b)).toEqual([]);
  });

  it('answers 400 naming the field when one is missing, empty, of the wrong type or too long', async () => {
    const b = await makeApp();
    const cases: [unknown, string, string][] = [
      [{ password: PASSWORD }, 'username', 'username: is missing: enter your username'],
      [
        { username: '   ', password: PASSWORD },
        'username',
        'username: is missing: enter your username',
      ],
      [
        { username: 'x'.repeat(65), password: PASSWORD },
        'username',
        'username: can be at most 64 characters long',
      ],
      [{ username: USER }, 'password', 'password: is missing: enter your password'],
      [{ username: USER, password: '' }, 'password', 'password: is missing: enter your password'],
      [
        { username: USER, password: 12345678901234 },
        'password',
        'password: is missing: enter your password',
      ],
      [
        { username: USER, password: 'p'.repeat(1025) },
        'password',
        'password: can be at most 1024 characters long',
      ],
      [[USER, PASSWORD], 'username', 'username: is missing: enter your username'],
    ];
    for (const [body, field, error] of cases) {
      const res = await login(b, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual({ error, field });
    }
    const empty = await b.app.inject({ method: 'POST', url: '/api/login' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'username' });
    const huge = await login(b, { username: USER, password: 'p'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(sessionRows(b)).toEqual([]);
  });

  it('refuses a cross-site login with 403 without checking or counting it', async () => {
    const b = await makeApp();
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await login(b, { username: USER, password: PASSWORD }, { headers });
      expect(res.statusCode).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(sessionRows(b)).toEqual([]);
    expect(b.ctx.db.prepare('SELECT COUNT(*) AS n FROM login_attempts').get()).toEqual({ n: 0 });
  });

  it('accepts the form submitted without script, answering with redirects instead of JSON', async () => {
    const b = await makeApp();
    const form = (username: string, password: string) =>
      b.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username, password }).toString(),
      });
    const wrong = await form(USER, 'not-the-password');
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/adminlogin?error=wrong');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const missing = await form('', PASSWORD);
    expect(missing.headers.location).toBe('/adminlogin?error=invalid');

    const ok = await form(USER, PASSWORD);
    expect(ok.statusCode).toBe(303);
    // DAY-6: a login posted before the form's script ran lands on Today too.
    expect(ok.headers.location).toBe('/#today');
    expect(cookie(ok, 'stays-session').httpOnly).toBe(true);
    expect(cookie(ok, 'admin-key').value).not.toBe('');
  });

  it('replaces the session a browser already had', async () => {
    const b = await makeApp();
    const first = cookie(
      await login(b, { username: USER, password: PASSWORD }),
      'stays-session',
    ).value;
    const again = await login(
      b,
      { username: USER, password: PASSWORD },
      { cookies: { 'stays-session': first } },
    );
    expect(again.statusCode).toBe(200);
    expect(sessionRows(b)).toHaveLength(1);
    const old = await b.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { 'stays-session': first },
    });
    expect(old.statusCode).toBe(401);
  });
});

describe('login throttling', () => {
  const THROTTLED = /^Too many attempts\. Try again in (\d+) minutes?\.$/;

  it('after 5 failures for a username (from different IPs) the 6th gets 429 with Retry-After, even with the right password', async () => {
    const b = await makeApp();
    for (let i = 1; i <= 5; i++) {
      const res = await login(
        b,
        { username: 'throttle-user', password: `guess-number-${i}` },
        { remoteAddress: `10.1.0.${i}` },
      );
      expect(res.statusCode).toBe(401);
    }
    await setPassword(b.ctx.db, 'throttle-user', 'the-real-password-1', b.ctx.clock());
    const sixth = await login(
      b,
      { username: 'throttle-user', password: 'the-real-password-1' },
      { remoteAddress: '10.1.0.99' },
    );
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = sixth.json() as { error: string; retryAfter: number };
    expect(body.error).toMatch(THROTTLED);
    expect(body.retryAfter).toBe(retryAfter);
    expect(sixth.headers['set-cookie']).toBeUndefined();

    // Another username from a fresh IP is unaffected.
    const other = await login(
      b,
      { username: USER, password: PASSWORD },
      { remoteAddress: '10.1.0.100' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('after 5 failures from one IP with different usernames the 6th gets 429, whoever it names', async () => {
    const b = await makeApp();
    for (let i = 1; i <= 5; i++) {
      const res = await login(
        b,
        { username: `sprayed-${i}`, password: 'spring-2026-pass' },
        { remoteAddress: '10.2.0.1' },
      );
      expect(res.statusCode).toBe(401);
    }
    const sixth = await login(
      b,
      { username: USER, password: PASSWORD },
      { remoteAddress: '10.2.0.1' },
    );
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((sixth.json() as { error: string }).error).toMatch(THROTTLED);
    const elsewhere = await login(
      b,
      { username: USER, password: PASSWORD },
      { remoteAddress: '10.2.0.2' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it("a successful login clears the username's counter", async () => {
    const b = await makeApp();
    const attempt = (password: string, i: number) =>
      login(b, { username: USER, password }, { remoteAddress: `10.3.0.${i}` });
    for (let i = 1; i <= 4; i++)
      expect((await attempt('wrong-password-x', i)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, 5)).statusCode).toBe(200);
    for (let i = 6; i <= 10; i++)
      expect((await attempt('wrong-password-y', i)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, 11)).statusCode).toBe(429);
  });

  it('AUTH-6: an IPv6 client is counted per /64, so five guesses from five addresses of one /64 block the sixth', async () => {
    const b = await makeApp();
    // One phone or home gets a whole /64 and may pick any of its 2^64 addresses (RFC 8981).
    const addresses = [
      '2001:db8:0:7::1',
      '2001:db8:0:7:a:b:c:d',
      '2001:DB8:0:7:ffff:ffff:ffff:fffe',
      '2001:0db8:0000:0007:0000:0000:0000:0002',
      '2001:db8:0:7:dead:beef:0:1',
    ];
    for (const [i, remoteAddress] of addresses.entries()) {
      const res = await login(
        b,
        { username: `v6-guess-${i}`, password: 'spring-2026-pass' },
        { remoteAddress },
      );
      expect(res.statusCode).toBe(401);
    }
    const sixth = await login(
      b,
      { username: USER, password: PASSWORD },
      { remoteAddress: '2001:db8:0:7:1234:5678:9abc:def0' },
    );
    expect(sixth.statusCode).toBe(429);
    expect((sixth.json() as { error: string }).error).toMatch(THROTTLED);
    // Counted by the group, never by the full address.
    const counted = b.ctx.db
      .prepare("SELECT DISTINCT value FROM login_attempts WHERE kind = 'ip'")
      .all() as { value: string }[];
    expect(counted).toEqual([{ value: '2001:db8:0:7::/64' }]);
    // The neighbouring /64 is someone else.
    const neighbour = await login(
      b,
      { username: USER, password: PASSWORD },
      { remoteAddress: '2001:db8:0:8::1' },
    );
    expect(neighbour.statusCode).toBe(200);
  });

  it('AUTH-6: an IPv4 client is counted per address, an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const b = await makeApp();
    for (let i = 1; i <= 4; i++) {
      const res = await login(
        b,
        { username: `v4-guess-${i}`, password: 'spring-2026-pass' },
        { remoteAddress: '::ffff:10.4.0.1' },
      );
      expect(res.statusCode).toBe(401);
    }
    const fifth = await login(
      b,
      { username: 'v4-guess-5', password: 'spring-2026-pass' },
      { remoteAddress: '10.4.0.1' },
    );
    expect(fifth.statusCode).toBe(401);
    const sixth = await login(
      b,
      { username: USER, password: PASSWORD },
      { remoteAddress: '::ffff:10.4.0.1' },
    );
    expect(sixth.statusCode).toBe(429);
    // The next IPv4 address is another client.
    const next = await login(
      b,
      { username: USER, password: PASSWORD },
      { remoteAddress: '10.4.0.2' },
    );
    expect(next.statusCode).toBe(200);
  });

  it('AUTH-6: behind a proxy (TRUST_PROXY=1) the forwarded IPv6 address is counted by its /64', async () => {
    const b = await makeApp('https://stays.example', { TRUST_PROXY: '1' });
    const via = (client: string) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });
    for (let i = 1; i <= 5; i++) {
      const res = await login(
        b,
        { username: `proxied-${i}`, password: 'spring-2026-pass' },
        via(`2001:db8:aa:bb::${i.toString(16)}:1`),
      );
      expect(res.statusCode).toBe(401);
    }
    const sixth = await login(
      b,
      { username: USER, password: PASSWORD },
      via('2001:db8:aa:bb:ffff::9'),
    );
    expect(sixth.statusCode).toBe(429);
    // The proxy's own address is not what was counted: another forwarded /64 logs in.
    const other = await login(b, { username: USER, password: PASSWORD }, via('2001:db8:aa:bc::1'));
    expect(other.statusCode).toBe(200);
  });

  it('a throttled form submission goes back to the form with the wait', async () => {
    const b = await makeApp();
    for (let i = 1; i <= 5; i++)
      await login(b, { username: 'form-throttle', password: 'wrong-password-z' });
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=form-throttle&password=wrong-password-z',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/adminlogin\?error=throttled&retry=\d+$/);
  });
});

describe('POST /api/logout and GET /api/session', () => {
  it('ends the session on the server and clears both cookies; the old cookie then gets 401', async () => {
    const b = await makeApp();
    const res = await login(b, { username: USER, password: PASSWORD });
    const cookies = {
      'stays-session': cookie(res, 'stays-session').value,
      'admin-key': cookie(res, 'admin-key').value,
    };
    expect(sessionRows(b)).toHaveLength(1);

    const out = await b.app.inject({ method: 'POST', url: '/api/logout', cookies });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(sessionRows(b)).toEqual([]);
    for (const name of ['stays-session', 'admin-key']) {
      const cleared = cookie(out, name);
      expect(cleared.value).toBe('');
      expect(cleared.maxAge).toBe(0);
      expect(cleared.path).toBe('/');
    }

    const write = await b.app.inject({ method: 'POST', url: '/test/write', cookies });
    expect(write.statusCode).toBe(401);
    const me = await b.app.inject({ method: 'GET', url: '/api/session', cookies });
    expect(me.statusCode).toBe(401);
    // DLG-2: the ended session's cookies, still in a browser (another tab), are cleared by the
    // 401, so its next page is a visitor's.
    for (const name of ['stays-session', 'admin-key']) {
      const cleared = cookie(me, name);
      expect(cleared).toMatchObject({ value: '', maxAge: 0, path: '/', secure: true });
    }
    expect(cookie(me, 'stays-session').httpOnly).toBe(true);
  });

  it('logout without a session still answers 200; a cross-site logout is refused', async () => {
    const b = await makeApp();
    expect((await b.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    const id = cookie(
      await login(b, { username: USER, password: PASSWORD }),
      'stays-session',
    ).value;
    const cross = await b.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { 'stays-session': id },
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    expect(sessionRows(b)).toHaveLength(1);
  });

  it('tells a hand-made admin-key cookie from a real session', async () => {
    const b = await makeApp();
    const forged = await b.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { 'admin-key': 'anything' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['cache-control']).toBe('no-store');
    // AUTH-5: a hand-made admin-key without a session cookie keeps showing the tools.
    expect(forged.headers['set-cookie']).toBeUndefined();
    const made = await b.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { 'admin-key': 'anything', 'stays-session': 'made-up-session-id' },
    });
    expect(made.statusCode).toBe(401);
    expect(made.cookies.map((c) => [c.name, c.value])).toEqual([
      ['stays-session', ''],
      ['admin-key', ''],
    ]);
    const write = await b.app.inject({
      method: 'POST',
      url: '/test/write',
      cookies: { 'admin-key': 'anything' },
    });
    expect(write.statusCode).toBe(401);
  });
});
