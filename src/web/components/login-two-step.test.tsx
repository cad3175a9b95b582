// @vitest-environment jsdom
/**
 * The login form's second step in jsdom against the real app (TOTP-1, TOTP-5): `fetch` is bridged
 * to buildApp through app.inject with a cookie jar (the challenge cookie is HttpOnly, as in a
 * browser), real SQLite, real argon2. Codes are computed here with otpauth. Landing on the home page
 * after a code is covered in Chromium by e2e/two-step.spec.ts (jsdom cannot navigate).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { setPassword } from '../../server/auth/accounts.js';
import type { LoginCodeAnswer } from '../../shared/two-step.js';
import { LoginForm } from './login-form.js';

const PASSWORD = 'hydrangea-garden-walk';
let dataDir: string;
let server: BuiltApp;
let jar = new Map<string, string>();
let answers: { url: string; status: number; body: string }[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-login-two-step-'));
  server = await buildApp(loadConfig({ DATA_DIR: dataDir }));
  await setPassword(server.ctx.db, 'meera', PASSWORD, server.ctx.clock(), 'manager');
});
afterAll(async () => {
  await server.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  jar = new Map();
  answers = [];
});

/** The browser's fetch, answered by the real app, keeping cookies as a browser does. */
function bridgeFetchToServer() {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const res = await server.app.inject({
      method: (init.method ?? 'GET') as 'POST',
      url,
      headers: { ...headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(init.body ? { payload: String(init.body) } : {}),
    });
    for (const c of res.cookies) {
      if (c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    answers.push({ url, status: res.statusCode, body: res.body });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
    return new Response(res.body, { status: res.statusCode, headers: out });
  });
}

async function press(name: string, waitFor: () => void) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
  await vi.waitFor(waitFor, { timeout: 10_000 });
}

async function typePassword() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'meera' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
  await press('Continue', () => screen.getByLabelText('Code from your app'));
}

function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText('Code from your app'), { target: { value: code } });
}

describe('LoginForm, two-step login', () => {
  it('the role requires it: shows the QR code, refuses a wrong code, shows the recovery codes, then one logs in once', async () => {
    const db = server.ctx.db;
    db.prepare("INSERT INTO two_step_required (role) VALUES ('manager')").run();
    bridgeFetchToServer();
    render(<LoginForm />);
    await typePassword();
    const qr = screen.getByRole('img', { name: /QR code/ }) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml;base64,/);
    const login = JSON.parse(answers[0]!.body) as { secret: string };
    expect(screen.getByText(login.secret)).toBeTruthy();

    typeCode('000000');
    await press('Log in', () =>
      expect(screen.getByRole('alert').textContent).toMatch(/^That code is wrong/),
    );
    expect((screen.getByLabelText('Code from your app') as HTMLInputElement).value).toBe('');

    const totp = new TOTP({ secret: Secret.fromBase32(login.secret.replace(/ /g, '')) });
    typeCode(totp.generate());
    await press('Log in', () => screen.getByRole('list', { name: 'Recovery codes' }));
    const codes = JSON.parse(answers.at(-1)!.body) as LoginCodeAnswer;
    const shown = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(shown).toEqual(codes.recoveryCodes);
    expect(screen.getByRole('button', { name: 'I have written them down' })).toBeTruthy();

    // A second login, on a lost phone's day: a recovery code, then how many are left.
    cleanup();
    jar = new Map();
    render(<LoginForm />);
    await typePassword();
    expect(screen.queryByRole('img')).toBeNull();
    typeCode(shown[0]!);
    await press('Log in', () =>
      expect(screen.getByRole('status').textContent).toContain('9 recovery codes are left'),
    );
    db.prepare('DELETE FROM two_step_required').run();
  });

  it('a login that waited too long goes back to the password', async () => {
    bridgeFetchToServer();
    render(<LoginForm />);
    await typePassword();
    jar.delete('stays-login-step');
    typeCode('123456');
    await press('Log in', () => screen.getByLabelText('Password'));
    expect(screen.getByRole('alert').textContent).toBe(
      'This login waited too long. Enter your username and password again.',
    );
  });
});
