/**
 * Test helpers for server integration tests: a real app on a fresh temporary DATA_DIR (real SQLite
 * file, real folders) with an owner account and a live session.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { AppContext } from '../src/server/context.js';
import { createSession, SESSION_COOKIE } from '../src/server/auth/sessions.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  bookings: BuiltApp['bookings'];
  mail: BuiltApp['mail'];
  /** The GST documents (GST-2). */
  gst: BuiltApp['gst'];
  /** The double bookings (CONFLICT-1). */
  conflicts: BuiltApp['conflicts'];
  /** The guest register (REG-1). */
  register: BuiltApp['register'];
  /** The advances paid through Razorpay (PAY-2). */
  payments: BuiltApp['payments'];
  /** The messages to the guest (MSG-4). */
  messages: BuiltApp['messages'];
  /** Verified reviews (REV-1) and their job, run now (REV-3). */
  reviews: BuiltApp['reviews'];
  runReviews: BuiltApp['runReviews'];
  /** The privacy desk (PRIV-4). */
  privacy: BuiltApp['privacy'];
  /** The runner of every timed job (JOB-1). */
  runner: BuiltApp['runner'];
  /** Every route with its declared permission (TEAM-1). */
  permissions: BuiltApp['permissions'];
  /** The temporary DATA_DIR. */
  dataDir: string;
  /** Owner's username. */
  owner: string;
  /** `Cookie` header value carrying the owner's session. */
  cookie: string;
  /** Headers of a same-origin request by the owner: Cookie, Host (TEST_HOST), SITE_URL's Origin, Sec-Fetch-Site. */
  ownerHeaders: Record<string, string>;
  /**
   * Logs the owner in again at the app clock's time, as the owner would after a session ended
   * (SESS-3, TIME-5: a test that moves the clock past 12 hours idle or 7 days finds the session
   * over); `cookie` and `ownerHeaders.cookie` then carry the new session.
   */
  logIn(): void;
  /**
   * Imports `catalogue` as the owner and publishes it (`POST /api/import`, then
   * `POST /api/generate`), as the owner's Import And Flush Changes does; throws with the answer's
   * status and body when either is not 200.
   */
  publishCatalogue(catalogue: unknown): Promise<void>;
  /** Closes the app and deletes DATA_DIR. */
  cleanup(): Promise<void>;
}

/**
 * Host header of the owner's requests: another name than SITE_URL's, as behind a reverse proxy,
 * since the Origin is checked against SITE_URL and never against Host (OPS-5).
 */
export const TEST_HOST = 'stays.test:8080';

/**
 * Builds the app on a new temporary DATA_DIR, creates the owner "owner" and logs them in.
 * `opts.logStream` receives the server's log (pino JSON lines); `opts.clock` is the app's one clock
 * (TIME-3): every service, job and route reads it.
 */
export async function makeTestApp(
  env: NodeJS.ProcessEnv = {},
  opts: Pick<
    NonNullable<Parameters<typeof buildApp>[1]>,
    'logStream' | 'clock' | 'bookingSteps' | 'razorpayTimeoutMs'
  > = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL: 'http://localhost', ...env });
  const {
    app,
    ctx,
    bookings,
    mail,
    gst,
    conflicts,
    register,
    payments,
    messages,
    reviews,
    runReviews,
    privacy,
    permissions,
    runner,
  } = await buildApp(config, opts);
  const owner = 'owner';
  ctx.db
    .prepare('INSERT INTO admins (username, password_hash, updated_at) VALUES (?, ?, ?)')
    .run(owner, 'not-a-real-hash', new Date(ctx.clock()).toISOString());
  const cookie = `${SESSION_COOKIE}=${createSession(ctx.db, owner, ctx.clock())}`;
  const t: TestApp = {
    app,
    ctx,
    bookings,
    mail,
    gst,
    conflicts,
    register,
    payments,
    messages,
    reviews,
    runReviews,
    privacy,
    permissions,
    runner,
    dataDir,
    owner,
    cookie,
    ownerHeaders: {
      cookie,
      host: TEST_HOST,
      origin: new URL(config.site.siteUrl).origin,
      'sec-fetch-site': 'same-origin',
    },
    logIn() {
      t.cookie = `${SESSION_COOKIE}=${createSession(ctx.db, owner, ctx.clock())}`;
      t.ownerHeaders.cookie = t.cookie;
    },
    async publishCatalogue(catalogue) {
      for (const [url, body] of [
        ['/api/import', catalogue],
        ['/api/generate', {}],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { ...t.ownerHeaders, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        if (res.statusCode !== 200)
          throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      }
    },
    async cleanup() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** True while a process `pid` exists (signal 0 checks, sends nothing): a worker's child is gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every file under `dir`, as paths relative to it, sorted (an absent folder gives []). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

/** One part of a multipart/form-data body built by multipartBody. */
export interface FormPart {
  name: string;
  /** Sent verbatim (no escaping), so tests can send hostile names such as "../../x.jpg". */
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data payload and its Content-Type header, for `app.inject`. */
export function multipartBody(parts: FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----stays-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const LOADER_DATA_RE =
  /<script type="module" data-entry="[^"]+" data-site-data="(\/site-data\.[0-9a-f]{12}\.js)" data-catalogue="(\/site-data\.[0-9a-f]{12}\.js)">/;

/**
 * The URL path of the whole catalogue's data script a published page names on its first-paint
 * loader (`data-catalogue="/site-data.{12 hex}.js"`, DATA-1, decisions 014 and 060): what the
 * owner's browser loads. Throws when it names none.
 */
export function dataScriptOf(html: string): string {
  const url = LOADER_DATA_RE.exec(html)?.[2];
  if (!url) throw new Error('the page names no data script');
  return url;
}

/**
 * The URL path of the page's own data script (`data-site-data`, PERF-18, decision 060): what a
 * visitor's browser loads. Throws when it names none.
 */
export function pageDataScriptOf(html: string): string {
  const url = LOADER_DATA_RE.exec(html)?.[1];
  if (!url) throw new Error('the page names no data script');
  return url;
}
