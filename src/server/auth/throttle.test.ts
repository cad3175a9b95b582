import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../store/db.js';
import {
  addressGroup,
  LOGIN_WINDOW_MS,
  loginSucceeded,
  MAX_LOGIN_FAILURES,
  startLoginAttempt,
} from './throttle.js';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-01T10:00:00Z');

let dir: string;
let db: Db;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-throttle-'));
  db = openDb(dir, Date.now());
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function fail(username: string, ip: string, at: number) {
  const verdict = startLoginAttempt(db, { username, ip }, at);
  expect(verdict.allowed).toBe(true);
  return verdict;
}

describe('login throttle', () => {
  it('allows 5 failures for a username, then refuses until the oldest leaves the 15-minute window', () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) fail('alice', `10.0.0.${i}`, T0 + i * MINUTE);
    expect(startLoginAttempt(db, { username: 'alice', ip: '10.0.1.1' }, T0 + 5 * MINUTE)).toEqual({
      allowed: false,
      retryAfterSeconds: 10 * 60,
    });
    expect(
      startLoginAttempt(db, { username: 'alice', ip: '10.0.1.1' }, T0 + LOGIN_WINDOW_MS - 1000),
    ).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect(
      startLoginAttempt(db, { username: 'alice', ip: '10.0.1.1' }, T0 + LOGIN_WINDOW_MS).allowed,
    ).toBe(true);
  });

  it('counts failures per IP across usernames', () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) fail(`user${i}`, '192.0.2.7', T0);
    const verdict = startLoginAttempt(
      db,
      { username: 'someone-else', ip: '192.0.2.7' },
      T0 + MINUTE,
    );
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 });
    expect(
      startLoginAttempt(db, { username: 'someone-else', ip: '192.0.2.8' }, T0 + MINUTE).allowed,
    ).toBe(true);
  });

  it('does not count refused attempts, so hammering does not extend the block', () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) fail('bob', '198.51.100.1', T0);
    for (let i = 1; i <= 20; i++) {
      expect(
        startLoginAttempt(db, { username: 'bob', ip: '198.51.100.1' }, T0 + i * 1000).allowed,
      ).toBe(false);
    }
    expect(
      startLoginAttempt(db, { username: 'bob', ip: '198.51.100.1' }, T0 + LOGIN_WINDOW_MS + 1)
        .allowed,
    ).toBe(true);
  });

  it("a success clears the username's failures and un-counts itself, but keeps the IP's earlier failures", () => {
    for (let i = 0; i < 4; i++) fail('carol', '203.0.113.9', T0);
    const ok = fail('carol', '203.0.113.9', T0 + 1000);
    if (!ok.allowed) throw new Error('unreachable');
    loginSucceeded(db, ok.attempt);
    const byName = db
      .prepare(
        "SELECT COUNT(*) AS n FROM login_attempts WHERE kind = 'username' AND value = 'carol'",
      )
      .get() as { n: number };
    const byIp = db
      .prepare(
        "SELECT COUNT(*) AS n FROM login_attempts WHERE kind = 'ip' AND value = '203.0.113.9'",
      )
      .get() as { n: number };
    expect(byName.n).toBe(0);
    expect(byIp.n).toBe(4);
    fail('carol', '203.0.113.9', T0 + 2000);
    expect(startLoginAttempt(db, { username: 'carol', ip: '203.0.113.9' }, T0 + 3000).allowed).toBe(
      false,
    );
  });

  it('deletes rows older than the window as new attempts arrive', () => {
    for (let i = 0; i < 3; i++) fail(`old${i}`, '192.0.2.50', T0);
    fail('new', '192.0.2.51', T0 + LOGIN_WINDOW_MS + 1);
    const rows = db.prepare('SELECT value FROM login_attempts ORDER BY id').all() as {
      value: string;
    }[];
    expect(rows.map((r) => r.value)).toEqual(['new', '192.0.2.51']);
  });
});

describe('LIMIT-2: the group a client address is counted in', () => {
  it('an IPv4 address itself; IPv6 by its /64, however written; IPv4-mapped as IPv4', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
    expect(addressGroup('not an address')).toBe('not an address');
  });
});
