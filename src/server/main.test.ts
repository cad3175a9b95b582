/**
 * The real server process (`node --import tsx src/server/main.ts`) on loopback (OPS-7): pages
 * answer 503 "starting" while the first start seeds, a bad environment stops it with one line per
 * variable, and SIGTERM lets a request in flight finish before exiting 0.
 * Needs the build (`node scripts/build.mjs`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { endOfLifeNotice } from './node-support.js';
import { loadConfig } from './config.js';
import { saveRevision } from './store/revisions.js';
import { testCatalogue } from '../../test/factories.js';
import { multipartBody } from '../../test/test-helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNER = { username: 'anita', password: 'coffee-estate-2026' };

interface Server {
  child: ChildProcess;
  dataDir: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the first match of `re` in its output (rejects if it exits first). */
  waitFor(re: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

const started: Server[] = [];
afterEach(() => {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
});

function start(dataDir: string, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const server: Server = {
    child,
    dataDir,
    output: () => output,
    exited,
    waitFor(re) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = re.exec(output);
          if (m) resolve(m);
        };
        waiters.push(check);
        check();
        void exited.then((code) =>
          reject(new Error(`server exited with ${code} before ${re}:\n${output}`)),
        );
      });
    },
  };
  started.push(server);
  return server;
}

/** A DATA_DIR holding a one-property catalogue, so a start publishes it without seeding. */
async function catalogueOnly(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-main-'));
  const { app, ctx } = await buildApp(loadConfig({ DATA_DIR: dataDir }));
  saveRevision(
    ctx.db,
    testCatalogue({ propertyList: [{ name: 'Coffee View Suite' }] }),
    'test',
    ctx.clock(),
  );
  await app.close();
  return dataDir;
}

function request(
  url: string,
  opts: http.RequestOptions = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, opts, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The end-of-life line a start on this Node prints first (RUNTIME-2): none on Node 24. */
const NODE_NOTICE = [endOfLifeNotice(process.versions.node, Date.now())].filter(
  (line) => line !== undefined,
);

describe('the server process', () => {
  it('answers 503 with Retry-After while the first start seeds, and exits 0 on SIGTERM then; says first when this Node is past its end of life', async () => {
    const server = start(fs.mkdtempSync(path.join(os.tmpdir(), 'stays-main-')));
    const [, url] = await server.waitFor(/Listening on (http:\/\/\S+?)\/? /);
    await server.waitFor(/Seeding the demo catalogue/);
    const home = await request(`${url}/`);
    expect(home.status).toBe(503);
    expect(home.headers['retry-after']).toBe('10');
    expect(home.body).toContain('is starting</h1>');
    const health = await request(`${url}/healthz`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ ok: false, error: 'The site is not published yet.' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('serving on');
    // RUNTIME-2: on a Node past its end of life, one line saying so, first; none on Node 24.
    const lines = server.output().split('\n');
    expect(lines.filter((l) => l.includes('end of life'))).toEqual(NODE_NOTICE);
    if (NODE_NOTICE.length > 0) expect(lines[0]).toBe(NODE_NOTICE[0]);
  }, 120_000);

  it('refuses to start on a bad environment with one line per bad variable', async () => {
    const server = start(fs.mkdtempSync(path.join(os.tmpdir(), 'stays-main-')), {
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      ADMIN_PASSWORD: 'short-pw',
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      ...NODE_NOTICE,
      'Stays cannot start: fix these environment variables (see .env.example).',
      '  PORT must be a whole number from 0 to 65535 (got "eighty")',
      '  ADMIN_PASSWORD must be at least 12 characters long',
      '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
    expect(server.output()).not.toContain('short-pw');
  }, 60_000);

  it('logs at the LOG_LEVEL given: one JSON line per request at info (not a terminal), none at warn', async () => {
    for (const [level, logged] of [
      ['info', 1],
      ['warn', 0],
    ] as const) {
      const server = start(await catalogueOnly(), { LOG_LEVEL: level });
      const [, url] = await server.waitFor(/serving on (http:\/\/\S+?)\/?\s/);
      expect((await request(`${url}/`, { agent: false })).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // RUNTIME-9: the request once, after its answer, with method, path, status and time.
      const requestLines = server
        .output()
        .split('\n')
        .filter((l) => l.includes('"reqId"'));
      expect(requestLines, level).toHaveLength(logged);
      if (logged === 0) continue;
      const entry = JSON.parse(requestLines[0]!) as {
        msg: string;
        req: { method: string; url: string };
        res: { statusCode: number };
        responseTime: number;
      };
      expect(entry.msg).toBe('request completed');
      expect(entry.req).toMatchObject({ method: 'GET', url: '/' });
      expect(entry.res.statusCode).toBe(200);
      expect(entry.responseTime).toBeGreaterThanOrEqual(0);
    }
  }, 120_000);

  it('on SIGTERM lets an upload in flight finish, refuses new connections, then exits 0', async () => {
    const dataDir = await catalogueOnly();
    const server = start(dataDir);
    const [, url] = await server.waitFor(/serving on (http:\/\/\S+?)\/?\s/);

    const agent = new http.Agent({ keepAlive: true });
    const login = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(`${url}/api/login`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', resolve).on('error', reject);
      req.end(JSON.stringify(OWNER));
    });
    login.resume();
    expect(login.statusCode).toBe(200);
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

    const jpeg = await sharp({
      create: { width: 640, height: 400, channels: 3, background: '#2a5' },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'late.jpg', contentType: 'image/jpeg', bytes: jpeg },
    ]);
    const upload = http.request(`${url}/api/upload.php`, {
      method: 'POST',
      agent,
      headers: { ...headers, cookie, 'content-length': String(payload.length) },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('error', reject).on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    // Half the body, then SIGTERM while the server waits for the rest.
    upload.write(payload.subarray(0, payload.length >> 1));
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await server.waitFor(/SIGTERM: finishing the requests in flight/);
    // New connections are refused once the listener is closed, a few ticks after the signal.
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      refused = await request(`${url}/healthz`, { agent: false }).then(
        () => false,
        (err: Error) => /ECONNREFUSED/.test(err.message),
      );
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused).toBe(true);
    expect(server.child.exitCode).toBeNull();

    upload.end(payload.subarray(payload.length >> 1));
    const res = await answer;
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ name: 'late.jpg', width: 640, height: 400 });
    expect(await server.exited).toBe(0);
    agent.destroy();
    expect(fs.existsSync(path.join(dataDir, 'images', 'late.jpg'))).toBe(true);
  }, 120_000);
});
