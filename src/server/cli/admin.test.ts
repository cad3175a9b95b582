import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../store/db.js';
import { verifyLogin } from '../auth/accounts.js';
import { createSession, findSession } from '../auth/sessions.js';

const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-cli-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run admin -- ...args` as the package script does, with `stdin` piped in. */
function admin(args: string[], stdin: string, env: Record<string, string> = {}) {
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['src/server/cli/admin.ts', ...args],
    {
      cwd: root,
      input: stdin,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function accounts(): string[] {
  const db = openDb(dataDir, Date.now());
  try {
    return (
      db.prepare('SELECT username FROM admins ORDER BY username').all() as { username: string }[]
    ).map((r) => r.username);
  } finally {
    db.close();
  }
}

describe('npm run admin -- set-password <user>', () => {
  it('stops on a bad environment with one line per bad variable, changing nothing (OPS-7)', () => {
    const r = admin(['set-password', 'meera'], 'first-line-password\n', { LOG_LEVEL: 'loud' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
    expect(fs.existsSync(path.join(dataDir, 'stays.sqlite3'))).toBe(false);
  });

  it('creates the account from the first line of stdin, then changes it and ends its sessions', async () => {
    const created = admin(['set-password', 'meera'], 'first-line-password\nsecond line ignored\n');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Password set for "meera"');
    expect(created.stdout).not.toContain('first-line-password');

    let db = openDb(dataDir, Date.now());
    expect(await verifyLogin(db, 'meera', 'first-line-password', Date.now())).toBe(true);
    const session = createSession(db, 'meera', Date.now());
    db.close();

    const changed = admin(['set-password', 'meera'], 'a-new-password-without-newline');
    expect(changed.code).toBe(0);
    db = openDb(dataDir, Date.now());
    expect(await verifyLogin(db, 'meera', 'first-line-password', Date.now())).toBe(false);
    expect(await verifyLogin(db, 'meera', 'a-new-password-without-newline', Date.now())).toBe(true);
    expect(findSession(db, session, Date.now())).toBeUndefined();
    db.close();
  });

  it('keeps a Windows line ending out of the password', async () => {
    expect(admin(['set-password', 'ravi'], 'crlf-ended-password\r\n').code).toBe(0);
    const db = openDb(dataDir, Date.now());
    expect(await verifyLogin(db, 'ravi', 'crlf-ended-password', Date.now())).toBe(true);
    db.close();
  });

  it('refuses a short or missing password with exit 1, changing nothing', () => {
    const short = admin(['set-password', 'meera'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain(
      'The password must be at least 12 characters long (it has 5). Nothing was changed.',
    );
    const none = admin(['set-password', 'meera'], '');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No password on stdin');
    expect(accounts()).toEqual([]);
  });

  it('answers usage errors with exit 2 and the usage line', () => {
    for (const args of [['set-password'], ['delete-user', 'meera'], ['set-password', 'a', 'b']]) {
      const r = admin(args, 'a-long-enough-password\n');
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('Usage: npm run admin -- set-password <user>');
      if (args[0] === 'delete-user') expect(r.stderr).toContain('Unknown command "delete-user".');
    }
    expect(accounts()).toEqual([]);
  });

  it('refuses a malformed username with exit 1', () => {
    const r = admin(['set-password', '../etc'], 'a-long-enough-password\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('A username is 1 to 64 letters');
  });
});

describe('npm run admin -- reset-two-step <user> (TOTP-6)', () => {
  it('turns the account’s two-step login off and ends its sessions; an account without it is refused', () => {
    const db = openDb(dataDir, Date.now());
    const at = new Date().toISOString();
    db.prepare(
      "INSERT INTO admins (username, password_hash, updated_at) VALUES ('owner', 'not-a-hash', ?)",
    ).run(at);
    db.prepare(
      "INSERT INTO two_step (username, secret, created_at, confirmed_at) VALUES ('owner', 'JBSWY3DPEHPK3PXP', ?, ?)",
    ).run(at, at);
    const session = createSession(db, 'owner', Date.now());
    db.close();
    const r = admin(['reset-two-step', 'owner'], '');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Two-step login of "owner" is off');
    const after = openDb(dataDir, Date.now());
    try {
      expect(after.prepare('SELECT COUNT(*) AS n FROM two_step').get()).toEqual({ n: 0 });
      expect(findSession(after, session, Date.now())).toBeUndefined();
    } finally {
      after.close();
    }
    const again = admin(['reset-two-step', 'owner'], '');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('owner has no two-step login to reset. Nothing was changed.');
  });
});
