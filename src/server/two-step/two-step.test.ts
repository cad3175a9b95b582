/**
 * Two-step login through real HTTP (TOTP-1..TOTP-6): the app listens on 127.0.0.1 and is called
 * with fetch, a real SQLite file, real argon2, the app's clock moved by the test. Codes are
 * computed here with otpauth from the secret the setup answered, as a phone's app would.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { setPassword } from '../auth/accounts.js';
import type { LoginAnswer, LoginCodeAnswer, TwoStepEnrolment } from '../../shared/two-step.js';
import type { TeamAnswer } from '../../shared/team.js';

const PASSWORD = 'a-long-enough-password';
let t: TestApp;
let base: string;
let now = Date.parse('2026-11-27T06:00:10Z');
const clock = () => now;
const lines: string[] = [];

afterEach(async () => {
  await t?.cleanup();
  lines.length = 0;
});

async function start() {
  now = Date.parse('2026-11-27T06:00:10Z');
  const logStream = new PassThrough();
  logStream.on('data', (c: Buffer) => lines.push(c.toString('utf8')));
  t = await makeTestApp({}, { clock, logStream });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
  await setPassword(t.ctx.db, 'meera', PASSWORD, now, 'manager');
}

/** A browser: keeps its cookies, sends this site's Origin. */
function browser() {
  const jar = new Map<string, string>();
  return {
    async call(method: string, path: string, body?: object) {
      const res = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          origin: 'http://localhost',
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(10_000),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, v] = pair!.split('=') as [string, string];
        if (v === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(k);
        else jar.set(k, v);
      }
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : undefined) as unknown };
    },
  };
}

type Browser = ReturnType<typeof browser>;

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/ /g, '')) }).generate({ timestamp: at });

async function logIn(b: Browser, username = 'meera') {
  return b.call('POST', '/api/login', { username, password: PASSWORD });
}

/** meera logs in with her password only and turns two-step login on; returns secret and codes. */
async function enrol(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const b = browser();
  expect((await logIn(b)).json).toEqual({ ok: true });
  const setup = await b.call('POST', '/api/two-step/setup');
  expect(setup.status).toBe(200);
  const enrolment = setup.json as TwoStepEnrolment;
  expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*meera\?.*secret=/);
  expect(enrolment.qrSvgDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  const wrong = await b.call('POST', '/api/two-step/confirm', { code: '000000' });
  expect(wrong.status).toBe(400);
  expect(wrong.json).toMatchObject({ field: 'code' });
  const ok = await b.call('POST', '/api/two-step/confirm', {
    code: codeAt(enrolment.secret, now),
  });
  expect(ok.status).toBe(200);
  const { recoveryCodes } = ok.json as { recoveryCodes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  expect((await b.call('GET', '/api/two-step')).json).toEqual({
    on: true,
    required: false,
    recoveryCodesLeft: 10,
  });
  return { secret: enrolment.secret, recoveryCodes };
}

describe('two-step login (TOTP-1..TOTP-6)', () => {
  it('asks for the code after the password; a code of the previous step passes, two steps back and a reused code are refused', async () => {
    await start();
    const { secret, recoveryCodes } = await enrol();

    const b = browser();
    const first = await logIn(b);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ ok: false, next: 'code' } satisfies LoginAnswer);
    // The password alone is no session.
    expect((await b.call('GET', '/api/session')).status).toBe(401);

    now += 60_000;
    const twoBack = await b.call('POST', '/api/login/code', { code: codeAt(secret, now - 60_000) });
    expect(twoBack.status).toBe(401);
    expect(twoBack.json).toMatchObject({ field: 'code' });
    const previous = codeAt(secret, now - 30_000);
    const passed = await b.call('POST', '/api/login/code', { code: previous });
    expect(passed.status).toBe(200);
    expect(passed.json).toEqual({ ok: true } satisfies LoginCodeAnswer);
    expect((await b.call('GET', '/api/session')).json).toMatchObject({ username: 'meera' });

    // The same code again, within its window, on another login: refused (the replay guard).
    const other = browser();
    expect((await logIn(other)).json).toMatchObject({ next: 'code' });
    expect((await other.call('POST', '/api/login/code', { code: previous })).status).toBe(401);
    // The code of the current step has not been used: it passes.
    expect(
      (await other.call('POST', '/api/login/code', { code: codeAt(secret, now) })).status,
    ).toBe(200);

    // Neither the secret nor a recovery code reaches the log.
    const log = lines.join('\n');
    expect(log).toContain('login code refused');
    expect(log).not.toContain(secret.replace(/ /g, ''));
    for (const c of recoveryCodes) expect(log).not.toContain(c);
  });

  it('a recovery code logs in once; wrong codes count towards the login limit', async () => {
    await start();
    const { recoveryCodes } = await enrol();
    const b = browser();
    expect((await logIn(b)).json).toMatchObject({ next: 'code' });
    const recovered = await b.call('POST', '/api/login/code', {
      code: recoveryCodes[3]!.toUpperCase(),
    });
    expect(recovered.status).toBe(200);
    expect(recovered.json).toEqual({ ok: true, recoveryCodesLeft: 9 });

    const again = browser();
    expect((await logIn(again)).json).toMatchObject({ next: 'code' });
    expect((await again.call('POST', '/api/login/code', { code: recoveryCodes[3] })).status).toBe(
      401,
    );
    // That was one failure; four more wrong codes and the next attempt, even a right one, waits.
    for (let i = 0; i < 4; i++) {
      const r = await again.call('POST', '/api/login/code', { code: `12345${i}` });
      expect(r.status).toBe(401);
    }
    const throttled = await again.call('POST', '/api/login/code', { code: recoveryCodes[0] });
    expect(throttled.status).toBe(429);
    // The password again does not reset the count of wrong codes.
    expect((await logIn(browser())).status).toBe(429);
  });

  it('the owner requires it for a role: the next login sets it up; the owner resets it after a lost phone', async () => {
    await start();
    const owner = browser();
    await setPassword(t.ctx.db, 'boss', PASSWORD, now, 'owner');
    expect((await logIn(owner, 'boss')).json).toEqual({ ok: true });
    expect(
      (await owner.call('PUT', '/api/two-step/required', { roles: ['manager'] })).json,
    ).toEqual({ roles: ['manager'] });
    expect((await owner.call('PUT', '/api/two-step/required', { roles: ['boss'] })).status).toBe(
      400,
    );

    const b = browser();
    const login = await logIn(b);
    const setup = login.json as LoginAnswer & TwoStepEnrolment;
    expect(setup).toMatchObject({ ok: false, next: 'setup' });
    expect((await b.call('POST', '/api/login/code', { code: '000000' })).status).toBe(401);
    const done = await b.call('POST', '/api/login/code', { code: codeAt(setup.secret, now) });
    expect(done.status).toBe(200);
    expect((done.json as LoginCodeAnswer).recoveryCodes).toHaveLength(10);
    expect((await b.call('GET', '/api/two-step')).json).toMatchObject({ on: true, required: true });
    // Required: she cannot turn it off herself.
    now += 30_000;
    const off = await b.call('POST', '/api/two-step/off', { code: codeAt(setup.secret, now) });
    expect(off.status).toBe(409);

    const team = (await owner.call('GET', '/api/team')).json as TeamAnswer;
    expect(team.twoStepRequired).toEqual(['manager']);
    expect(team.accounts.find((a) => a.username === 'meera')?.twoStep).toBe(true);

    // A lost phone: the owner resets it; her sessions end; her next login sets up a new secret.
    expect((await b.call('DELETE', '/api/team/meera/two-step')).status).toBe(403);
    expect((await owner.call('DELETE', '/api/team/meera/two-step')).status).toBe(204);
    expect((await b.call('GET', '/api/session')).status).toBe(401);
    expect((await owner.call('DELETE', '/api/team/meera/two-step')).status).toBe(404);
    expect((await logIn(browser())).json).toMatchObject({ next: 'setup' });
    const log = (await owner.call('GET', '/api/access-log?from=2026-11-27&to=2026-11-27')).json as {
      entries: { username: string; action: string }[];
    };
    expect(log.entries.map((e) => `${e.username}: ${e.action}`)).toEqual(
      expect.arrayContaining([
        'boss: two-step login required for: Manager',
        'meera: two-step login turned on (at login)',
        'boss: two-step login reset: meera',
      ]),
    );
  });

  it('a login waits 5 minutes for its code; turning it off takes a code', async () => {
    await start();
    const { secret } = await enrol();
    const b = browser();
    expect((await logIn(b)).json).toMatchObject({ next: 'code' });
    now += 5 * 60_000;
    const late = await b.call('POST', '/api/login/code', { code: codeAt(secret, now) });
    expect(late.status).toBe(401);
    expect(late.json).toMatchObject({ field: 'login' });
    expect((await logIn(b)).json).toMatchObject({ next: 'code' });
    expect((await b.call('POST', '/api/login/code', { code: codeAt(secret, now) })).status).toBe(
      200,
    );
    expect((await b.call('POST', '/api/two-step/off', { code: '' })).status).toBe(400);
    now += 30_000;
    const off = await b.call('POST', '/api/two-step/off', { code: codeAt(secret, now) });
    expect(off.json).toEqual({ on: false, required: false, recoveryCodesLeft: 0 });
    expect((await logIn(browser())).json).toEqual({ ok: true });
  });
});
