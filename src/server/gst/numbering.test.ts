/**
 * GST-2: document numbers under concurrency. Four threads, each with its own SQLite connection to
 * one database file, issue 50 documents of one series each at the same moment: the 200 numbers
 * are 0001 to 0200, none missing, none twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openDb } from '../store/db.js';

/** The writer, started through tsx's API as calendar/feed-reader.ts starts its worker. */
const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'numbering.worker.ts');
const TSX = import.meta.resolve('tsx/esm/api');
const WORKER_SOURCE = `import(${JSON.stringify(TSX)}).then(({ tsImport }) => tsImport(${JSON.stringify(ENTRY)}, ${JSON.stringify(TSX)}));`;

/** The instant every writer issues at, handed to the workers (TIME-5). */
const ISSUED_AT = Date.UTC(2026, 10, 26, 6, 30);

let dataDir = '';
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GST-2: numbering', () => {
  it('gives 200 concurrent issues the numbers 1 to 200, no gap, no duplicate', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-gst-'));
    openDb(dataDir, ISSUED_AT).close(); // migrated once, before the writers open it
    const start = new SharedArrayBuffer(4);
    const workers = [0, 1, 2, 3].map(
      (worker) =>
        new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { dataDir, count: 50, worker, start, issuedAt: ISSUED_AT },
        }),
    );
    const results = workers.map(
      (w) =>
        new Promise<string[]>((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
        }),
    );
    // Let every worker reach its wait, then start them together.
    await new Promise((r) => setTimeout(r, 1500));
    const flag = new Int32Array(start);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    const numbers = (await Promise.all(results)).flat();
    expect(numbers).toHaveLength(200);
    expect(new Set(numbers).size).toBe(200);
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 200 }, (_, i) => `STYR/26-27/${String(i + 1).padStart(4, '0')}`),
    );
    // Each thread's own numbers interleave with the others': they really ran at once.
    const firstOf = (n: string[]) => Number(n[0]!.slice(-4));
    const firsts = (await Promise.all(results)).map(firstOf);
    expect(Math.max(...firsts)).toBeLessThan(200);
    // Issued at the instant handed in, not at the worker's reading of the machine's clock.
    const db = openDb(dataDir, ISSUED_AT);
    expect(db.prepare('SELECT DISTINCT issued_at AS at FROM gst_documents').all()).toEqual([
      { at: '2026-11-26T06:30:00.000Z' },
    ]);
    db.close();
  }, 60_000);
});
