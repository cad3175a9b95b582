/**
 * RUNTIME-1: the better-sqlite3 binary the server loads does not abort on Node 24. Compiled against
 * the headers of Node 24.19 or later, the header-only `node::ObjectWrap` each statement derives from
 * calls `node::RemoveEnvironmentCleanupHook` in its destructor, which aborts the process when V8
 * collects a statement with no context entered (nodejs/node#65446); `.ci/node24` builds it against
 * 24.18.1's headers instead (decision 018). better-sqlite3 12 never calls that function itself, so
 * its name in the binary's imports means the wrong headers. A child process then prepares
 * statements from I/O callbacks under a small young generation, the way the abort was met (6 runs
 * in 6 with the wrong headers), and must end normally.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ADDON = path.join(
  path.dirname(require.resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);

describe('RUNTIME-1: better-sqlite3 built for the Node it runs on, without the aborting hook', () => {
  it('imports no RemoveEnvironmentCleanupHook', () => {
    const binary = fs.readFileSync(ADDON);
    expect(binary.includes(Buffer.from('AddEnvironmentCleanupHook'))).toBe(true);
    expect(binary.includes(Buffer.from('RemoveEnvironmentCleanupHook'))).toBe(false);
  });

  it('survives statements collected under memory pressure from I/O callbacks', () => {
    const script = `
      const D = require(${JSON.stringify(require.resolve('better-sqlite3'))});
      const fs = require('node:fs');
      const db = new D(':memory:');
      const until = Date.now() + 4000;
      let rounds = 0;
      const step = () => fs.readFile(__filename, () => {
        for (let i = 0; i < 2000; i++) db.prepare('SELECT ' + (i % 5)).get();
        rounds += 1;
        if (Date.now() < until) step(); else console.log('rounds', rounds);
      });
      for (let k = 0; k < 4; k++) step();
    `;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-native-'));
    const file = path.join(dir, 'statements.cjs');
    fs.writeFileSync(file, script);
    try {
      const run = spawnSync(process.execPath, ['--max-semi-space-size=1', file], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stderr).not.toContain('Assertion failed');
      expect(run.signal).toBeNull();
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^rounds \d+/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
