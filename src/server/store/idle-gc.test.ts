/**
 * RUNTIME-8: the database binding does not abort the process when V8 collects its statements
 * outside any JavaScript stack. better-sqlite3 12 wrapped each statement in the header-only
 * `node::ObjectWrap`; built against Node 24.19's headers or later, its destructor removes an
 * environment clean-up hook and aborts (`Assertion failed: (env) != nullptr`, nodejs/node#65446)
 * when a collection runs with no context entered: a scavenge's callbacks or the idle server's
 * background GC. better-sqlite3 13 is Node-API (decision 038). A child process on this same Node,
 * with `--expose-gc` and a 1 MB semi-space (scavenges every few hundred statements), opens a real
 * database file, prepares and drops ~30,000 statements from I/O callbacks, then idles while full
 * collections are posted as V8 tasks (`gc({ execution: 'async' })`, run by the platform with no
 * JavaScript on the stack) and forced from timers; it must end by itself, exit code 0, no
 * signal, no assertion. It runs three times: with better-sqlite3 12 built against 24.21.0's
 * headers in place of 13, one run aborted 5 times in 9.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

const SCRIPT = `
const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
const fs = require('node:fs');
const path = require('node:path');
const db = new Database(path.join(process.argv[2], 'stays.db'));
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE night (id INTEGER PRIMARY KEY, day TEXT NOT NULL)');
db.prepare('INSERT INTO night (day) VALUES (?)').run('2026-12-11');
let prepared = 0;
let finished = 0;
const busyUntil = Date.now() + 4000;
const busy = () => fs.readFile(__filename, () => {
  for (let i = 0; i < 2000; i++) db.prepare('SELECT ' + (i % 5)).get();
  prepared += 2000;
  if (Date.now() < busyUntil) busy(); else if (++finished === 4) idle();
});
let collections = 0;
const idle = () => {
  const tick = () => {
    gc({ type: 'major', execution: 'async' });
    setTimeout(() => {
      gc();
      collections += 1;
      if (collections < 8) setTimeout(tick, 150); else {
        db.close();
        console.log('prepared ' + prepared + ', collections ' + collections);
      }
    }, 150);
  };
  setTimeout(tick, 150);
};
for (let k = 0; k < 4; k++) busy();
`;

describe('RUNTIME-8: idle garbage collection of dropped statements', () => {
  it('ends normally, with no abort, under --expose-gc, three runs in three', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-idle-gc-'));
    const file = path.join(dir, 'statements.cjs');
    fs.writeFileSync(file, SCRIPT);
    try {
      for (const run of [1, 2, 3]) {
        const data = fs.mkdtempSync(path.join(dir, 'data-'));
        const child = spawnSync(
          process.execPath,
          ['--max-semi-space-size=1', '--expose-gc', file, data],
          { encoding: 'utf8', timeout: 60_000 },
        );
        expect(child.stderr, `run ${run}`).not.toMatch(/Assertion failed|FATAL ERROR/);
        expect(child.signal, `run ${run}`).toBeNull();
        expect(child.status, `run ${run}`).toBe(0);
        expect(child.stdout, `run ${run}`).toMatch(/^prepared \d{4,}, collections 8$/m);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
