/**
 * OPS-5: the server behind a reverse proxy. TRUST_PROXY parsing and its refusal at start, the Origin
 * check against SITE_URL, Strict-Transport-Security; then Debian's nginx running the README's config
 * (docs/deploy/nginx.conf) over TLS in front of the real server on loopback: the owner logs in,
 * uploads, imports and publishes through it, and a forged X-Forwarded-For does not escape the login
 * throttle.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './app.js';
import { setPassword } from './auth/accounts.js';
import { loadConfig } from './config.js';
import { MAX_LOGIN_FAILURES } from './auth/throttle.js';
import { parseTrustProxy, STRICT_TRANSPORT_SECURITY } from './reverse-proxy.js';
import { testCatalogue } from '../../test/factories.js';
import { multipartBody } from '../../test/test-helpers.js';
import {
  freePort,
  localhostCertificate,
  NGINX,
  startNginx,
  tempDir as tempDirFor,
} from '../../test/nginx-stand-in.js';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX_CONF = path.join(root, 'docs/deploy/nginx.conf');
const PHOTO = path.join(root, 'e2e/fixtures/phone-photo-12mp.jpg');
const OWNER = 'owner';
const PASSWORD = 'estate-bungalow-with-a-view';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

const tempDir = (prefix: string): string => tempDirFor(cleanups, prefix);

async function appWith(env: NodeJS.ProcessEnv): Promise<BuiltApp> {
  const built = await buildApp(loadConfig({ DATA_DIR: tempDir('stays-proxy-'), ...env }));
  cleanups.push(() => built.app.close());
  await setPassword(built.ctx.db, OWNER, PASSWORD, built.ctx.clock());
  return built;
}

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or their addresses, as Fastify does, and is off by default', () => {
    for (const off of [undefined, '', 'false', '0', ' false '])
      expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy('10.0.0.0/8, ::1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, and anything that is not a count or addresses, naming the variable', () => {
    expect(() => parseTrustProxy('true')).toThrow(
      /^TRUST_PROXY must not be true: it would take the left-most/,
    );
    expect(() => parseTrustProxy('TRUE')).toThrow(/TRUST_PROXY=1/);
    for (const bad of [
      'yes',
      '11',
      '1.5',
      '10.0.0.0/33',
      '::1/129',
      '127.0.0.1,nginx',
      '-1',
      ',',
      '0.0.0.0/0',
      '::/0',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/^TRUST_PROXY must be/);
    }
  });

  it('stops the server at start with one clear line for TRUST_PROXY=true', () => {
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, TRUST_PROXY: 'true', PORT: '0', DATA_DIR: tempDir('stays-start-') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    // On Node 20 the start first says its end of life (RUNTIME-4); the refusal is the rest.
    const lines = run.stderr
      .trim()
      .split('\n')
      .filter((l) => !/reached its end of life/.test(l));
    expect(lines).toEqual([
      'Stays cannot start: fix these environment variables (see .env.example).',
      expect.stringMatching(/^ {2}TRUST_PROXY must not be true: it would take the left-most/),
    ]);
  });

  it('believes only the address the counted proxy saw, not one a client wrote before it', async () => {
    const { app } = await appWith({ SITE_URL: 'https://stays.example', TRUST_PROXY: '1' });
    app.get('/test/ip', async (req) => ({ ip: req.ip }));
    const res = await app.inject({
      url: '/test/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.20' },
    });
    expect(res.json()).toEqual({ ip: '198.51.100.20' });
  });

  it('with proxy addresses, believes X-Forwarded-For only from them', async () => {
    const { app } = await appWith({ SITE_URL: 'https://stays.example', TRUST_PROXY: '10.0.0.0/8' });
    app.get('/test/ip', async (req) => ({ ip: req.ip }));
    const ipSeen = async (remoteAddress: string, forwarded: string) =>
      (
        await app.inject({
          url: '/test/ip',
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
        })
      ).json<{ ip: string }>().ip;
    expect(await ipSeen('10.0.0.5', '203.0.113.9, 198.51.100.20')).toBe('198.51.100.20');
    expect(await ipSeen('10.0.0.5', '198.51.100.20, 10.0.0.7')).toBe('198.51.100.20');
    expect(await ipSeen('198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
  });
});

describe('the Origin check behind a proxy', () => {
  const login = (b: BuiltApp, headers: Record<string, string>) =>
    b.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'sec-fetch-site': 'same-origin', ...headers },
      payload: { username: OWNER, password: PASSWORD },
    });

  it("compares the Origin with SITE_URL's origin, not with the Host the proxy sends", async () => {
    const b = await appWith({ SITE_URL: 'https://stays.example' });
    const upstream = { host: '127.0.0.1:3000' };
    expect((await login(b, { ...upstream, origin: 'https://stays.example' })).statusCode).toBe(200);
    expect((await login(b, { ...upstream, origin: 'https://stays.example:443' })).statusCode).toBe(
      200,
    );
    for (const origin of [
      'http://stays.example',
      'https://stays.example:8443',
      'https://evil.example',
      'http://127.0.0.1:3000',
      'null',
      'not a url',
    ]) {
      expect((await login(b, { ...upstream, origin })).statusCode, origin).toBe(403);
    }
    expect(
      (await login(b, { host: 'evil.example', origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
  });

  it('with SITE_URL unset, also takes the Host the browser used (npm start on a LAN address)', async () => {
    const b = await appWith({ PORT: '3000' });
    const lan = { host: '192.168.1.5:3000', origin: 'http://192.168.1.5:3000' };
    expect((await login(b, lan)).statusCode).toBe(200);
    expect((await login(b, { origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await login(b, { ...lan, origin: 'http://evil.example' })).statusCode).toBe(403);
  });
});

describe('Strict-Transport-Security', () => {
  it('is on every answer when SITE_URL is https, and never over plain http', async () => {
    const secure = await appWith({ SITE_URL: 'https://stays.example' });
    for (const url of ['/', '/api/session', '/imported-images/none.jpg']) {
      const res = await secure.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe(STRICT_TRANSPORT_SECURITY);
    }
    const plain = await appWith({ SITE_URL: 'http://stays.example' });
    expect((await plain.app.inject({ url: '/' })).headers['strict-transport-security']).toBe(
      undefined,
    );
  });
});

// ---- Debian's nginx in front ----

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request over TLS to loopback, trusting only the test's own certificate. */
function request(
  url: string,
  ca: Buffer,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.request : http.request;
    const req = get(url, { method: opts.method ?? 'GET', headers: opts.headers, ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer from ${url} in 60 s`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('behind nginx with the README config (docs/deploy/nginx.conf)', () => {
  it('lets the owner log in, upload, import and publish, and throttles a forged X-Forwarded-For', async () => {
    expect(fs.existsSync(NGINX), `${NGINX} is missing: apt-get install -y nginx-light`).toBe(true);
    const dir = tempDir('stays-nginx-');
    const { cert, key } = localhostCertificate(dir);
    const ca = fs.readFileSync(cert);

    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const siteUrl = `https://localhost:${httpsPort}`;
    const b = await appWith({ SITE_URL: siteUrl, TRUST_PROXY: '1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const upstream = `127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    await startNginx(
      cleanups,
      dir,
      NGINX_CONF,
      {
        SERVER_NAME: 'localhost',
        SITE_URL: siteUrl,
        HTTP_LISTEN: `127.0.0.1:${httpPort}`,
        HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
        CERT: cert,
        KEY: key,
        UPSTREAM: upstream,
      },
      httpsPort,
    );

    // What a browser on the public page sends with its fetch calls.
    const browser = { origin: siteUrl, 'sec-fetch-site': 'same-origin' };
    const call = (url: string, opts: Parameters<typeof request>[2] = {}) =>
      request(`${siteUrl}${url}`, ca, { ...opts, headers: { ...browser, ...opts.headers } });

    const redirect = await request(`http://127.0.0.1:${httpPort}/stay/stay-1?x=1`, ca);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`${siteUrl}/stay/stay-1?x=1`);

    const login = await call('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: OWNER, password: PASSWORD }),
    });
    expect(login.status, login.body.toString()).toBe(200);
    expect(login.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const setCookies = login.headers['set-cookie'] ?? [];
    expect(setCookies.length).toBe(2);
    for (const c of setCookies) expect(c).toMatch(/; Secure/);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    const owner = { cookie };

    // 1.7 MB: past nginx's default client_max_body_size of 1 MB.
    const photo = fs.readFileSync(PHOTO);
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const form = multipartBody([
      { name: 'file', filename: 'photo-1.jpg', contentType: 'image/jpeg', bytes: photo },
    ]);
    const upload = await call('/api/upload.php', {
      method: 'POST',
      headers: { ...owner, ...form.headers },
      body: form.payload,
    });
    expect(upload.status, upload.body.toString()).toBe(200);

    const imported = await call('/api/import.php', {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify(testCatalogue({ propertyList: [{ name: 'Hill View Cottage' }] })),
    });
    expect(imported.status, imported.body.toString()).toBe(200);
    expect(JSON.parse(imported.body.toString())).toEqual({ revision: 1 });
    const generated = await call('/api/genproperties.php', { headers: owner });
    expect(generated.status, generated.body.toString()).toBe(200);

    const page = await call('/stay/stay-1');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Hill View Cottage');
    expect(page.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const served = await call('/imported-images/photo-1.jpg');
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const crossSite = await call('/api/import.php', {
      method: 'POST',
      headers: { ...owner, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify(testCatalogue({ revision: 1, propertyList: [{ name: 'Taken Over' }] })),
    });
    expect(crossSite.status).toBe(403);

    // Each guess claims another address at the left of X-Forwarded-For, and another username, so
    // only the per-address count can stop them.
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_LOGIN_FAILURES; i++) {
      const guess = await call('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ username: `guess-${i}`, password: 'not-the-password' }),
      });
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([...Array<number>(MAX_LOGIN_FAILURES).fill(401), 429]);
    const seen = b.ctx.db
      .prepare("SELECT DISTINCT value FROM login_attempts WHERE kind = 'ip'")
      .all() as { value: string }[];
    expect(seen).toEqual([{ value: '127.0.0.1' }]);
  }, 180_000);
});
