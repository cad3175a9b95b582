// @vitest-environment jsdom
/**
 * The login form in jsdom against the real login route: `fetch` is bridged to a real app
 * (buildApp + app.inject, real SQLite in a temp dir). Landing on the home page after success is
 * covered in real Chromium by e2e/login.spec.ts (jsdom cannot navigate).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { setPassword } from '../../server/auth/accounts.js';
import { NETWORK_ERROR } from '../api-fetch.js';
import { LoginForm, throttledMessage, WRONG_CREDENTIALS } from './login-form.js';

const PASSWORD = 'hydrangea-garden-walk';
let dataDir: string;
let server: BuiltApp;
let requests: { url: string; headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-login-form-'));
  server = await buildApp(loadConfig({ DATA_DIR: dataDir }));
  await setPassword(server.ctx.db, 'owner', PASSWORD, server.ctx.clock());
});
afterAll(async () => {
  await server.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  requests = [];
  window.history.replaceState(null, '', '/adminlogin');
});

/** The browser's fetch, answered by the real app. */
function bridgeFetchToServer(remoteAddress = '127.0.0.1') {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = String(init.body);
    requests.push({ url, headers, body });
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers,
      payload: body,
      remoteAddress,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
    return new Response(res.body, { status: res.statusCode, headers: out });
  });
}

/** Server HTML into a container, then hydrated; returns what React reported as recoverable errors. */
function hydrateServerHtml() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LoginForm />);
  document.body.appendChild(container);
  const consoleError = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  render(<LoginForm />, {
    container,
    hydrate: true,
    onRecoverableError: (e: unknown) => recoverable.push(e),
  });
  return { recoverable, consoleError };
}

async function submit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
  // Each login hashes with argon2id on the server: far from instant when the whole suite runs at
  // once on two cores, so wait up to 10 s rather than vi.waitFor's default of 1 s.
  await vi.waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''), {
    timeout: 10_000,
  });
}

describe('LoginForm', () => {
  it('renders the spec fields with visible labels, autocomplete and a no-script POST fallback', () => {
    const html = renderToString(<LoginForm />);
    document.body.innerHTML = html;
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(username.autocomplete).toBe('username');
    expect(username.required).toBe(true);
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('type')).toBe('submit');
    const form = document.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/login');
    expect(screen.getByRole('alert').textContent).toBe('');
    document.body.innerHTML = '';
  });

  it('hydrates the server HTML without a mismatch, even with ?error= in the URL', () => {
    window.history.replaceState(null, '', '/adminlogin?error=wrong');
    const { recoverable, consoleError } = hydrateServerHtml();
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(WRONG_CREDENTIALS);
  });

  it('posts JSON to /api/login and shows the 401 sentence, clearing and focusing the password', async () => {
    bridgeFetchToServer();
    hydrateServerHtml();
    await submit('owner', 'not-my-password');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/login');
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      username: 'owner',
      password: 'not-my-password',
    });
    expect(screen.getByRole('alert').textContent).toBe(WRONG_CREDENTIALS);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('owner');
  });

  it('gives an unknown user the same sentence', async () => {
    bridgeFetchToServer();
    hydrateServerHtml();
    await submit('nobody-here', PASSWORD);
    expect(screen.getByRole('alert').textContent).toBe(WRONG_CREDENTIALS);
  });

  it('says how many minutes to wait when throttled', async () => {
    bridgeFetchToServer('10.9.9.9');
    hydrateServerHtml();
    for (let i = 0; i < 5; i++) await submit(`form-throttle-${i}`, 'guessing-passwords');
    await submit('owner', PASSWORD);
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  it('says when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    hydrateServerHtml();
    await submit('owner', PASSWORD);
    expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR);
  });

  it('shows the messages of a submission made before the script loaded', () => {
    window.history.replaceState(null, '', '/adminlogin?error=throttled&retry=61');
    hydrateServerHtml();
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many attempts. Try again in 2 minutes.',
    );
  });

  it('rounds the wait up to whole minutes', () => {
    expect(throttledMessage(1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(throttledMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(throttledMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(throttledMessage(900)).toBe('Too many attempts. Try again in 15 minutes.');
  });
});
