/**
 * RUNTIME-8: the database binding does not abort the process when V8 collects its statements
 * outside any JavaScript stack. better-sqlite3 12 wrapped each statement in the header-only
 * `node::ObjectWrap`; built against Node 24.19's headers or later, its destructor removes an
 * environment clean-up hook and aborts (`Assertion failed: (env) != nullptr`, nodejs/node#65446)
 * when the collection runs from a platform task with no context entered: the idle server's
 * background GC. better-sqlite3 13 is Node-API (decision 038). A child process on this same Node,
 * with the server's V8 flags, opens a real database file, prepares (and drops) many statements from
 * I/O callbacks, then idles while full collections are posted as V8 tasks
 * (`gc({ execution: 'async' })`, run by the platform, not from JavaScript) and forced from timers;
 * it must end by itself, exit code 0, no signal, no assertion.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/spawn-server.js';

const require = createRequire(import.meta.url);

const SCRIPT = `
const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
const fs = require('node:fs');
const path = require('node:path');
const db = new Database(path.join(process.argv[2], 'stays.db'));
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE night (id INTEGER PRIMARY KEY, day TEXT NOT NULL)');
let prepared = 0;
let rounds = 0;
let finished = 0;
const busyUntil = Date.now() + 2000;
const busy = () => fs.readFile(__filename, () => {
  const insert = db.prepare('INSERT INTO night (day) VALUES (?)');
  insert.run('2026-12-' + String(1 + (rounds % 28)).padStart(2, '0'));
  for (let i = 0; i < 2000; i++) db.prepare('SELECT count(*) AS n FROM night WHERE id > ' + (i % 7)).get();
  prepared += 2001;
  rounds += 1;
  if (Date.now() < busyUntil) busy(); else if (++finished === 4) idle();
});
let collections = 0;
// Idle: no JavaScript runs between these timers; each posts a full collection that V8 runs
// from its task queue (no stack, no context entered), then forces one from the timer too.
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
  it('ends normally, with no abort, under --expose-gc', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-idle-gc-'));
    const file = path.join(dir, 'statements.cjs');
    fs.writeFileSync(file, SCRIPT);
    try {
      const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--expose-gc', file, dir], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).not.toMatch(/Assertion failed|FATAL ERROR/);
      expect(run.signal).toBeNull();
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^prepared \d{4,}, collections 8$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
