/**
 * TEAM-1 through the real app: every route the running app has is called as anonymous, owner,
 * manager and accountant, and answers what the one permission table (src/shared/permissions.ts)
 * implies: a declared permission is 401 without a session, 403 naming it in words for a role
 * without it, and gets past the guard (neither 401 nor 403) for a role with it. A route added
 * under /api/ without a permission stops the start. The README prints the same table.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import {
  permissionTableMarkdown,
  refusalOf,
  roleMay,
  ROLES,
  type Role,
} from '../../shared/permissions.js';
import { createSession, SESSION_COOKIE } from './sessions.js';
import type { DeclaredRoute } from './guard.js';

let t: TestApp;
let routes: readonly DeclaredRoute[];
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await makeTestApp();
  routes = t.permissions.list();
  for (const role of ROLES) {
    const username = `the-${role}`;
    t.ctx.db
      .prepare('INSERT INTO admins (username, password_hash, updated_at, role) VALUES (?, ?, ?, ?)')
      .run(username, 'not-a-real-hash', new Date(t.ctx.clock()).toISOString(), role);
    cookies[role] = `${SESSION_COOKIE}=${createSession(t.ctx.db, username, t.ctx.clock())}`;
  }
}, 60_000);

afterAll(async () => {
  await t.cleanup();
});

/** A URL of the route with every parameter filled with a value no record has. */
function concrete(url: string): string {
  return url
    .split('/')
    .map((part) => (part.startsWith(':') ? 'no-such-thing' : part === '*' ? 'x' : part))
    .join('/');
}

/** What the table implies for `who` on a route: 401, 403, or 'through' (past the guard). */
function expected(route: DeclaredRoute, who: Role | 'anonymous'): 401 | 403 | 'through' {
  const p = route.permission;
  if (p === undefined || p === 'public') return 'through';
  if (who === 'anonymous') return 401;
  if (p === 'account') return 'through';
  return roleMay(who, p) ? 'through' : 403;
}

describe('every route answers what the permission table implies (TEAM-1)', () => {
  it('refuses to start with a route under /api/ that declares no permission', () => {
    expect(() => t.app.get('/api/new-thing', async () => ({}))).toThrow(
      /GET \/api\/new-thing declares no permission/,
    );
    expect(() =>
      t.app.get('/api/other-thing', { permission: 'nothing' as 'team' }, async () => ({})),
    ).toThrow(/unknown permission "nothing"/);
  });

  it('declares a permission on every route under /api/ and on the owner pages', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) {
      if (r.url.startsWith('/api/') || r.url.startsWith('/admin/preview'))
        expect(r.permission, `${r.method} ${r.url}`).toBeDefined();
    }
  });

  it('gives anonymous, owner, manager and accountant each the status of the table', async () => {
    const seen: string[] = [];
    for (const route of routes) {
      // HEAD answers as its GET; logout (public) would end the sessions the loop goes on with.
      if (route.method === 'HEAD' || route.url === '/*' || route.url === '/api/logout') continue;
      for (const who of ['anonymous', ...ROLES] as const) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: {
            host: 'stays.test:8080',
            origin: 'http://localhost',
            'sec-fetch-site': 'same-origin',
            ...(who === 'anonymous' ? {} : { cookie: cookies[who] }),
          },
        });
        const want = expected(route, who);
        const where = `${route.method} ${route.url} as ${who} (${res.statusCode} ${res.body.slice(0, 120)})`;
        if (want === 'through') {
          expect([401, 403], where).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, where).toBe(want);
          if (want === 403 && route.permission && route.permission !== 'account') {
            const p = route.permission as Parameters<typeof refusalOf>[1];
            if (route.url.startsWith('/api/'))
              expect(res.json(), where).toEqual({
                error: refusalOf(who as Role, p),
                field: 'permission',
              });
            else expect(res.body, where).toContain('Not for your role');
          }
        }
        seen.push(`${route.method} ${route.url}`);
      }
    }
    expect(seen.length).toBeGreaterThan(200);
  }, 240_000);

  it('is printed in the README as the table says', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    expect(readme).toContain(permissionTableMarkdown());
  });
});
