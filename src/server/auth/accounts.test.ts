import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { AccountError, ensureOwner, setPassword, verifyLogin } from './accounts.js';
import { createSession, findSession } from './sessions.js';

const OWASP_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

const built: BuiltApp[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const b of built.splice(0)) await b.app.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function makeApp(env: NodeJS.ProcessEnv = {}, dir?: string): Promise<BuiltApp> {
  const dataDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stays-accounts-'));
  if (!dir) dirs.push(dataDir);
  const b = await buildApp(loadConfig({ ...env, DATA_DIR: dataDir }));
  built.push(b);
  return b;
}

function storedHash(b: BuiltApp, username: string): string | undefined {
  const row = b.ctx.db
    .prepare('SELECT password_hash FROM admins WHERE username = ?')
    .get(username) as { password_hash: string } | undefined;
  return row?.password_hash;
}

function accountCount(b: BuiltApp): number {
  return (b.ctx.db.prepare('SELECT COUNT(*) AS n FROM admins').get() as { n: number }).n;
}

describe('setPassword and verifyLogin', () => {
  it('stores an argon2id hash with the OWASP parameters, never the password', async () => {
    const b = await makeApp();
    await setPassword(b.ctx.db, 'meera', 'monsoon-on-the-hills', b.ctx.clock());
    const stored = storedHash(b, 'meera');
    expect(stored?.startsWith(OWASP_PREFIX)).toBe(true);
    expect(stored).not.toContain('monsoon');
    expect(await verifyLogin(b.ctx.db, 'meera', 'monsoon-on-the-hills', b.ctx.clock())).toBe(true);
    expect(await verifyLogin(b.ctx.db, 'meera', 'monsoon-on-the-hillS', b.ctx.clock())).toBe(false);
    expect(await verifyLogin(b.ctx.db, 'nobody', 'monsoon-on-the-hills', b.ctx.clock())).toBe(
      false,
    );
    expect(await verifyLogin(b.ctx.db, 'meera', '', b.ctx.clock())).toBe(false);
  });

  it('refuses a password shorter than 12 characters with a clear error, storing nothing', async () => {
    const b = await makeApp();
    const err = await setPassword(b.ctx.db, 'meera', 'elevenchars', b.ctx.clock()).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AccountError);
    expect((err as AccountError).field).toBe('password');
    expect((err as AccountError).message).toBe(
      'The password must be at least 12 characters long (it has 11).',
    );
    expect(accountCount(b)).toBe(0);
    // Characters, not bytes: 12 Kannada letters are accepted.
    await setPassword(b.ctx.db, 'meera', 'ಕಾಫಿತೋಟದಮನೆಚಿಕ್ಕಮ', b.ctx.clock());
    expect(await verifyLogin(b.ctx.db, 'meera', 'ಕಾಫಿತೋಟದಮನೆಚಿಕ್ಕಮ', b.ctx.clock())).toBe(true);
  });

  it('refuses malformed usernames', async () => {
    const b = await makeApp();
    for (const bad of ['', 'has space', 'a/b', 'x'.repeat(65)]) {
      const err = await setPassword(
        b.ctx.db,
        bad,
        'a-perfectly-fine-password',
        b.ctx.clock(),
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AccountError);
      expect((err as AccountError).field).toBe('username');
    }
    expect(accountCount(b)).toBe(0);
  });

  it('changing a password ends the sessions of that account only', async () => {
    const b = await makeApp();
    await setPassword(b.ctx.db, 'meera', 'first-password-here', b.ctx.clock());
    await setPassword(b.ctx.db, 'ravi', 'ravis-own-password', b.ctx.clock());
    const meeraSession = createSession(b.ctx.db, 'meera', b.ctx.clock());
    const raviSession = createSession(b.ctx.db, 'ravi', b.ctx.clock());
    await setPassword(b.ctx.db, 'meera', 'second-password-here', b.ctx.clock());
    expect(findSession(b.ctx.db, meeraSession, b.ctx.clock())).toBeUndefined();
    expect(findSession(b.ctx.db, raviSession, b.ctx.clock())).toBe('ravi');
    expect(await verifyLogin(b.ctx.db, 'meera', 'first-password-here', b.ctx.clock())).toBe(false);
    expect(await verifyLogin(b.ctx.db, 'meera', 'second-password-here', b.ctx.clock())).toBe(true);
  });

  it('rehashes a correct password stored with weaker parameters', async () => {
    const b = await makeApp();
    const weak = await hash('an-old-weak-hash-pw', {
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    b.ctx.db
      .prepare('INSERT INTO admins (username, password_hash, updated_at) VALUES (?, ?, ?)')
      .run('legacy', weak, new Date().toISOString());
    expect(await verifyLogin(b.ctx.db, 'legacy', 'wrong-password-entirely', b.ctx.clock())).toBe(
      false,
    );
    expect(storedHash(b, 'legacy')).toBe(weak);
    expect(await verifyLogin(b.ctx.db, 'legacy', 'an-old-weak-hash-pw', b.ctx.clock())).toBe(true);
    expect(storedHash(b, 'legacy')?.startsWith(OWASP_PREFIX)).toBe(true);
    expect(await verifyLogin(b.ctx.db, 'legacy', 'an-old-weak-hash-pw', b.ctx.clock())).toBe(true);
  });
});

describe('ensureOwner', () => {
  it('creates the configured account, then updates it when ADMIN_PASSWORD changes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-accounts-'));
    dirs.push(dir);
    const lines: string[] = [];
    const say = (line: string) => lines.push(line);

    const first = await makeApp(
      { ADMIN_USERNAME: 'anita', ADMIN_PASSWORD: 'coffee-estate-2026' },
      dir,
    );
    await ensureOwner(first.ctx, say);
    expect(await verifyLogin(first.ctx.db, 'anita', 'coffee-estate-2026', first.ctx.clock())).toBe(
      true,
    );
    expect(storedHash(first, 'anita')?.startsWith(OWASP_PREFIX)).toBe(true);
    const session = createSession(first.ctx.db, 'anita', first.ctx.clock());

    // Same password on the next start: nothing changes, the session survives.
    const hashBefore = storedHash(first, 'anita');
    await ensureOwner(first.ctx, say);
    expect(storedHash(first, 'anita')).toBe(hashBefore);
    expect(findSession(first.ctx.db, session, first.ctx.clock())).toBe('anita');
    await first.app.close();
    built.splice(built.indexOf(first), 1);

    const second = await makeApp(
      { ADMIN_USERNAME: 'anita', ADMIN_PASSWORD: 'a-new-estate-password' },
      dir,
    );
    await ensureOwner(second.ctx, say);
    expect(
      await verifyLogin(second.ctx.db, 'anita', 'coffee-estate-2026', second.ctx.clock()),
    ).toBe(false);
    expect(
      await verifyLogin(second.ctx.db, 'anita', 'a-new-estate-password', second.ctx.clock()),
    ).toBe(true);
    expect(findSession(second.ctx.db, session, second.ctx.clock())).toBeUndefined();
    expect(accountCount(second)).toBe(1);
    expect(lines).toEqual([]);
  });

  it('with neither variable, creates owner with a random password and says it exactly once', async () => {
    const b = await makeApp();
    const lines: string[] = [];
    await ensureOwner(b.ctx, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    const m =
      /^Owner account created: owner \/ ([A-Za-z0-9_-]{24}) \(shown once; change it with npm run admin -- set-password owner\)$/.exec(
        lines[0] ?? '',
      );
    expect(m).not.toBeNull();
    const password = m?.[1] ?? '';
    expect(await verifyLogin(b.ctx.db, 'owner', password, b.ctx.clock())).toBe(true);
    expect(storedHash(b, 'owner')?.startsWith(OWASP_PREFIX)).toBe(true);

    await ensureOwner(b.ctx, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(await verifyLogin(b.ctx.db, 'owner', password, b.ctx.clock())).toBe(true);
  });

  it('with neither variable and an existing account, creates nothing', async () => {
    const b = await makeApp();
    await setPassword(b.ctx.db, 'meera', 'set-by-the-cli-earlier', b.ctx.clock());
    const lines: string[] = [];
    await ensureOwner(b.ctx, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(accountCount(b)).toBe(1);
  });

  it('refuses to start with only one of the two variables, or a short ADMIN_PASSWORD', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ ...env, DATA_DIR: os.tmpdir() });
      } catch (err) {
        if (err instanceof ConfigError) return err.problems;
        throw err;
      }
      return [];
    };
    expect(problems({ ADMIN_USERNAME: 'anita' })).toEqual([
      'ADMIN_PASSWORD must be set too when ADMIN_USERNAME is (set both or neither)',
    ]);
    expect(problems({ ADMIN_PASSWORD: 'coffee-estate-2026' })[0]).toMatch(
      /^ADMIN_USERNAME must be set too when ADMIN_PASSWORD is/,
    );
    const short = problems({ ADMIN_USERNAME: 'anita', ADMIN_PASSWORD: 'short' });
    expect(short).toEqual(['ADMIN_PASSWORD must be at least 12 characters long']);
  });

  it('ensureOwner refuses a configuration with only one of the two, creating nothing', async () => {
    const b = await makeApp();
    b.ctx.config.adminUsername = 'anita';
    await expect(ensureOwner(b.ctx, () => {})).rejects.toThrow(
      'ADMIN_USERNAME and ADMIN_PASSWORD must be set together (or neither).',
    );
    expect(accountCount(b)).toBe(0);
  });
});
