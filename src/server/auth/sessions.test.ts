/**
 * SESS-1..SESS-4: sessions really end. Through the real app on a real SQLite file: a login never
 * adopts the id a browser brought, Log Out ends the session for every write route, the real
 * `npm run admin -- set-password` process ends the account's sessions, and the idle and absolute
 * lifetimes hold on a clock the test moves (never by sleeping).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, multipartBody, type TestApp } from '../../../test/test-helpers.js';
import { openDb, type Db } from '../store/db.js';
import { setPassword } from './accounts.js';
import {
  createSession,
  findSession,
  purgeExpiredSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
} from './sessions.js';

const root = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'pepper-and-cardamom';
const HOUR = 60 * 60 * 1000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** The real app with the owner "owner" whose password is PASSWORD. */
async function app(): Promise<TestApp> {
  const t = await makeTestApp();
  cleanups.push(() => t.cleanup());
  await setPassword(t.ctx.db, t.owner, PASSWORD, t.ctx.clock());
  return t;
}

/** Same-origin request headers without any cookie (the cookie is given per request). */
function sameOrigin(t: TestApp): Record<string, string> {
  const { cookie: _cookie, ...rest } = t.ownerHeaders;
  return rest;
}

/** Logs in through POST /api/login, sending `planted` as the session cookie when given. */
async function login(t: TestApp, planted?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { ...sameOrigin(t), 'content-type': 'application/json' },
    cookies: planted === undefined ? {} : { [SESSION_COOKIE]: planted },
    payload: JSON.stringify({ username: t.owner, password: PASSWORD }),
  });
}

function sessionOf(res: LightMyRequestResponse): string {
  expect(res.statusCode).toBe(200);
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  if (!c) throw new Error('no session cookie');
  return c.value;
}

/** Every owner write route, each with a body it would accept from a live session. */
function writes(): { name: string; req: InjectOptions }[] {
  const upload = multipartBody([
    {
      name: 'file',
      filename: 'x.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.from([0xff, 0xd8]),
    },
  ]);
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: 'import',
      req: {
        method: 'POST',
        url: '/api/import',
        headers: json,
        payload: JSON.stringify(testCatalogue({ revision: 1 })),
      },
    },
    {
      name: 'import.php',
      req: {
        method: 'POST',
        url: '/api/import.php',
        headers: json,
        payload: JSON.stringify(testCatalogue({ revision: 1 })),
      },
    },
    { name: 'generate', req: { method: 'POST', url: '/api/generate' } },
    { name: 'genproperties.php', req: { method: 'GET', url: '/api/genproperties.php' } },
    {
      name: 'upload',
      req: { method: 'POST', url: '/api/upload', headers: upload.headers, payload: upload.payload },
    },
    { name: 'restore', req: { method: 'POST', url: '/api/revisions/1/restore' } },
    {
      name: 'calendar',
      req: {
        method: 'PUT',
        url: '/api/calendar/stay-1',
        headers: json,
        payload: JSON.stringify({ feeds: [], blocks: [] }),
      },
    },
    { name: 'calendar sync', req: { method: 'POST', url: '/api/calendar/stay-1/sync' } },
    { name: 'calendar secret', req: { method: 'POST', url: '/api/calendar/stay-1/secret' } },
  ];
}

/** What every write answered with the session cookie `id`, by route name. */
async function statusOfEveryWrite(t: TestApp, id: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { name, req } of writes()) {
    const res = await t.app.inject({
      ...req,
      headers: { ...sameOrigin(t), ...(req.headers as Record<string, string> | undefined) },
      cookies: { [SESSION_COOKIE]: id },
    });
    out[name] = res.statusCode;
    if (res.statusCode === 401) expect(res.json()).toMatchObject({ field: 'session' });
  }
  return out;
}

function all401(): Record<string, number> {
  return Object.fromEntries(writes().map((w) => [w.name, 401]));
}

function revisionCount(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM revisions').get() as { n: number }).n;
}

/** POST /api/import with session `id`: a real write that stores a revision. */
function importWith(t: TestApp, id: string, revision: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { ...sameOrigin(t), 'content-type': 'application/json' },
    cookies: { [SESSION_COOKIE]: id },
    payload: JSON.stringify(testCatalogue({ revision })),
  });
}

describe('SESS-1: a login issues a new session id', () => {
  it('a cookie value planted before login is worthless after it', async () => {
    const t = await app();
    const planted = 'planted-by-someone-else-0123456789abcdefghijk';
    const res = await login(t, planted);
    const issued = sessionOf(res);
    expect(issued).not.toBe(planted);
    expect(await statusOfEveryWrite(t, planted)).toEqual(all401());
    expect(revisionCount(t.ctx.db)).toBe(0);
    expect((await importWith(t, issued, 0)).statusCode).toBe(200);
  });

  it('a live session the browser brought (a shared computer, a fixated id) ends at the next login', async () => {
    const t = await app();
    const before = createSession(t.ctx.db, t.owner, t.ctx.clock());
    expect((await importWith(t, before, 0)).statusCode).toBe(200);
    const issued = sessionOf(await login(t, before));
    expect(issued).not.toBe(before);
    expect(await statusOfEveryWrite(t, before)).toEqual(all401());
    expect(revisionCount(t.ctx.db)).toBe(1);
    expect((await importWith(t, issued, 1)).statusCode).toBe(200);
  });
});

describe('SESS-2: Log Out ends the session on the server', () => {
  it('the old cookie then gets 401 on every write route and changes nothing', async () => {
    const t = await app();
    const id = sessionOf(await login(t));
    const other = sessionOf(await login(t)); // the owner's other device stays logged in
    expect((await importWith(t, id, 0)).statusCode).toBe(200);
    // With the live session every write route gets past the guard (whatever it then answers).
    const live = await statusOfEveryWrite(t, id);
    expect(Object.entries(live).filter(([, status]) => status === 401)).toEqual([]);
    expect(live).toMatchObject({ import: 200, calendar: 200 });
    const stored = revisionCount(t.ctx.db);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: sameOrigin(t),
      cookies: { [SESSION_COOKIE]: id },
    });
    expect(out.statusCode).toBe(200);
    expect(await statusOfEveryWrite(t, id)).toEqual(all401());
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { [SESSION_COOKIE]: id },
    });
    expect(me.statusCode).toBe(401);
    expect(revisionCount(t.ctx.db)).toBe(stored);
    expect((await importWith(t, other, stored)).statusCode).toBe(200);
  });
});

describe('SESS-4: npm run admin -- set-password ends every session of the account', () => {
  it('through the real CLI process on the server’s SQLite file, while the server runs', async () => {
    const t = await app();
    const phone = sessionOf(await login(t));
    const laptop = createSession(t.ctx.db, t.owner, t.ctx.clock());
    t.ctx.db
      .prepare('INSERT INTO admins (username, password_hash, updated_at) VALUES (?, ?, ?)')
      .run('ravi', 'not-a-real-hash', new Date().toISOString());
    const ravi = createSession(t.ctx.db, 'ravi', t.ctx.clock());
    expect((await importWith(t, phone, 0)).statusCode).toBe(200);

    const r = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['src/server/cli/admin.ts', 'set-password', t.owner],
      {
        cwd: root,
        input: 'a-brand-new-owner-password\n',
        env: { ...process.env, DATA_DIR: t.dataDir },
        encoding: 'utf8',
      },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('any earlier session of that account has ended');

    expect(await statusOfEveryWrite(t, phone)).toEqual(all401());
    expect(await statusOfEveryWrite(t, laptop)).toEqual(all401());
    expect(revisionCount(t.ctx.db)).toBe(1);
    // Another account's session is not touched.
    expect((await importWith(t, ravi, 1)).statusCode).toBe(200);
  }, 30_000);
});

describe('SESS-3: idle and absolute lifetimes, enforced by the server', () => {
  it('through the app: used every 11 hours a session lives; 12 hours idle ends it', async () => {
    const t = await app();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-22T08:00:00Z') });
    const id = sessionOf(await login(t));
    let revision = 0;
    for (let i = 0; i < 3; i++) {
      vi.setSystemTime(Date.now() + 11 * HOUR);
      const res = await importWith(t, id, revision);
      expect(res.statusCode, `after ${11 * (i + 1)} h`).toBe(200);
      revision = (res.json() as { revision: number }).revision;
    }
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS);
    expect(await statusOfEveryWrite(t, id)).toEqual(all401());
    // Ended on the server, not only refused: a clock set back does not bring it back.
    vi.setSystemTime(Date.now() - SESSION_IDLE_MS);
    expect((await importWith(t, id, revision)).statusCode).toBe(401);
    expect(revisionCount(t.ctx.db)).toBe(3);
  });

  it('through the app: a session in constant use ends 7 days after its login', async () => {
    const t = await app();
    const loginAt = Date.parse('2026-11-22T08:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: loginAt });
    const id = sessionOf(await login(t));
    const probe = () =>
      t.app.inject({ method: 'GET', url: '/api/session', cookies: { [SESSION_COOKIE]: id } });
    for (let at = loginAt + 6 * HOUR; at < loginAt + SESSION_ABSOLUTE_MS; at += 6 * HOUR) {
      vi.setSystemTime(at);
      expect((await probe()).statusCode, new Date(at).toISOString()).toBe(200);
    }
    vi.setSystemTime(loginAt + SESSION_ABSOLUTE_MS);
    expect((await probe()).statusCode).toBe(401);
    expect(await statusOfEveryWrite(t, id)).toEqual(all401());
  });

  describe('findSession with an injected clock, on a real SQLite file', () => {
    function db(): Db {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-sessions-'));
      const d = openDb(dir, Date.now());
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      cleanups.push(() => {
        d.close();
      });
      d.prepare('INSERT INTO admins (username, password_hash, updated_at) VALUES (?, ?, ?)').run(
        'owner',
        'not-a-real-hash',
        new Date(0).toISOString(),
      );
      return d;
    }
    const T0 = Date.parse('2026-11-22T08:00:00Z');
    const seenAt = (d: Db) =>
      (d.prepare('SELECT seen_at FROM sessions').get() as { seen_at: string }).seen_at;

    it('idle: alive 1 ms before 12 hours unused, ended at 12 hours, and deleted', () => {
      const d = db();
      const a = createSession(d, 'owner', T0);
      const b = createSession(d, 'owner', T0);
      expect(findSession(d, a, T0 + SESSION_IDLE_MS - 1)).toBe('owner');
      expect(findSession(d, b, T0 + SESSION_IDLE_MS)).toBeUndefined();
      expect(findSession(d, b, T0)).toBeUndefined();
      expect(d.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    });

    it('the idle expiry slides with use, written at most once a minute', () => {
      const d = db();
      const id = createSession(d, 'owner', T0);
      const writesBefore = d.prepare('SELECT total_changes() AS n').get() as { n: number };
      for (let s = 1; s < 60; s++) expect(findSession(d, id, T0 + s * 1000)).toBe('owner');
      expect(d.prepare('SELECT total_changes() AS n').get()).toEqual(writesBefore);
      expect(seenAt(d)).toBe(new Date(T0).toISOString());

      const used = T0 + SESSION_TOUCH_MS;
      expect(findSession(d, id, used)).toBe('owner');
      expect(seenAt(d)).toBe(new Date(used).toISOString());
      // Idle is counted from the last use, not from the login: three uses 1 ms short of 12 hours
      // apart keep it alive for 36 hours; 12 hours after the last one it has ended.
      let last = used;
      for (let n = 0; n < 3; n++) {
        last += SESSION_IDLE_MS - 1;
        expect(findSession(d, id, last)).toBe('owner');
      }
      expect(findSession(d, id, last + SESSION_IDLE_MS)).toBeUndefined();
    });

    it('absolute: used every hour, the session still ends 7 days after its login', () => {
      const d = db();
      const id = createSession(d, 'owner', T0);
      for (let at = T0 + HOUR; at < T0 + SESSION_ABSOLUTE_MS; at += HOUR) {
        expect(findSession(d, id, at)).toBe('owner');
      }
      expect(findSession(d, id, T0 + SESSION_ABSOLUTE_MS)).toBeUndefined();
    });

    it('purgeExpiredSessions removes idle and aged sessions and keeps live ones', () => {
      const d = db();
      const now = T0 + SESSION_ABSOLUTE_MS;
      createSession(d, 'owner', T0); // aged (used an hour ago, but logged in 7 days ago)
      d.prepare('UPDATE sessions SET seen_at = ?').run(new Date(now - HOUR).toISOString());
      createSession(d, 'owner', now - SESSION_IDLE_MS); // idle
      const live = createSession(d, 'owner', now - SESSION_IDLE_MS + 1);
      expect(purgeExpiredSessions(d, now)).toBe(2);
      expect(findSession(d, live, now)).toBe('owner');
    });
  });

  it('006_session_idle: a session open before the upgrade counts as last used at its login', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-sessions-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // The database as the previous version left it: migrations 001..005 applied.
    const migrations = path.join(root, 'src/server/store/migrations');
    const old = new Database(path.join(dir, 'stays.sqlite3'));
    old.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    for (const file of fs.readdirSync(migrations).sort()) {
      const version = Number(file.slice(0, 3));
      if (version >= 6) continue;
      old.exec(fs.readFileSync(path.join(migrations, file), 'utf8'));
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(version, file, 'then');
    }
    const sha256 = (id: string) => crypto.createHash('sha256').update(id).digest('hex');
    const insert = old.prepare(
      'INSERT INTO sessions (id_hash, username, created_at, expires_at) VALUES (?, ?, ?, ?)',
    );
    old.prepare('INSERT INTO admins VALUES (?, ?, ?)').run('owner', 'h', 'then');
    const now = Date.now();
    for (const [id, loginAt] of [
      ['logged-in-an-hour-ago', now - HOUR],
      ['logged-in-13-hours-ago', now - 13 * HOUR],
    ] as const) {
      insert.run(
        sha256(id),
        'owner',
        new Date(loginAt).toISOString(),
        new Date(loginAt + SESSION_ABSOLUTE_MS).toISOString(),
      );
    }
    old.close();

    const d = openDb(dir, Date.now());
    cleanups.push(() => {
      d.close();
    });
    expect(
      d
        .prepare('SELECT seen_at FROM sessions WHERE id_hash = ?')
        .get(sha256('logged-in-an-hour-ago')),
    ).toEqual({ seen_at: new Date(now - HOUR).toISOString() });
    expect(findSession(d, 'logged-in-an-hour-ago', now)).toBe('owner');
    expect(findSession(d, 'logged-in-13-hours-ago', now)).toBeUndefined();
  });
});
