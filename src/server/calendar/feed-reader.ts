/**
 * Reads fetched feeds off the server's event loop, with bounds (FEED-1, FEED-2; decision 008).
 *
 * ical.js never returns on some short, valid rules (e.g. `RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`:
 * one `next()` runs for minutes), so parseFeed runs in a worker thread (parse-worker.ts):
 * - one feed at a time, queued; the worker is kept warm between feeds and ends after `idleMs`
 *   without one, so a sync round pays its start once;
 * - a feed gets `timeLimitMs` of reading (from the moment the worker has it); past that the worker
 *   is terminated (V8 stops even a loop that never yields) and the next feed gets a fresh one;
 * - the worker's V8 heap is capped at `heapMb` (`resourceLimits`): a feed that needs more ends the
 *   worker, not the server.
 * A feed over either limit fails with FeedLimitError; one that is not a calendar with
 * FeedParseError, as parseFeed throws it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerEnv } from '../worker-env.js';
import { FeedParseError, type FeedBooking } from './parse.js';

/** A feed to read: its text and the time (Unix ms) that sets the horizon of recurring events. */
export interface ReadRequest {
  id: number;
  text: string;
  now: number;
}

/** The worker's answer to request `id`. */
export type ReadReply =
  | { id: number; ok: true; bookings: FeedBooking[] }
  | { id: number; ok: false; notCalendar: boolean; message: string };

/** Limits of the reader, in milliseconds and megabytes (MB = 2^20 bytes). */
export interface ReaderLimits {
  /** Reading one feed may take this long. */
  timeLimitMs: number;
  /** The worker's V8 heap (old generation) is capped at this. */
  heapMb: number;
  /** The worker ends after this long without a feed. */
  idleMs: number;
  /** A worker that has not loaded the parser after this long is ended and the feed fails. */
  startMs: number;
}

/**
 * Defaults: the 20,000-event feed of FEED-3 (4.5 MB) reads in ~0.5 s with a ~80 MB heap on a quiet
 * 2-core machine (bench/README.md, "Hostile feed"); 2 s and 192 MB leave room for a busy machine and the largest
 * body a fetch accepts (8 MB) while keeping the worker far inside a 1 GB machine.
 */
export const DEFAULT_READER_LIMITS: ReaderLimits = {
  timeLimitMs: 2_000,
  heapMb: 192,
  idleMs: 30_000,
  startMs: 10_000,
};

/** A feed over one of the reader's limits; `message` completes "Airbnb: ... at 10:42". */
export class FeedLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(
      limit === 'time'
        ? 'the calendar took too long to read'
        : 'the calendar needed too much memory to read',
    );
    this.name = 'FeedLimitError';
  }
}

/** The worker thread's entry file: parse-worker.ts, beside this module. */
const PARSE_WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'parse-worker.ts');

/**
 * The source that starts worker `entry` through tsx's API, resolved from this module so the worker starts the same under
 * npm start, the bench and Vitest (Node 20 does not pass a loader given with --import to workers,
 * so the worker registers tsx itself). Built from the file path, not `new URL(…, import.meta.url)`,
 * which Vite rewrites in browser-like test environments.
 */
function workerSource(entry: string): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(tsx)}));`;
}

/**
 * One feed-reading worker thread and its queue. `read` parses feeds one at a time in the order
 * given. Throws FeedParseError (not a calendar), FeedLimitError (over the time limit or the heap
 * cap) or Error (the worker could not start or stopped).
 */
export class FeedReader {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  private current: Worker | undefined;

  /** `entry` is the worker's file: parse-worker.ts but in the test of its environment. */
  constructor(
    readonly limits: ReaderLimits = DEFAULT_READER_LIMITS,
    private readonly entry: string = PARSE_WORKER,
  ) {}

  /** The worker's thread id while one is ready (tests and the bench watch it). */
  get threadId(): number | undefined {
    return this.current?.threadId;
  }

  /** Starts the worker now if none runs, so the next feed does not wait for it (a sync's fetch). */
  warm(): void {
    if (this.worker) return;
    this.start().catch(() => undefined);
    if (this.pending === 0) this.idle();
  }

  /** The bookings of `text` (see parseFeed), read in the worker within the limits. */
  read(text: string, now: number = Date.now()): Promise<FeedBooking[]> {
    this.pending++;
    clearTimeout(this.idleTimer);
    const result = this.queue.then(() => this.runNow(text, now));
    this.queue = result
      .catch(() => undefined)
      .finally(() => {
        if (--this.pending === 0) this.idle();
      });
    return result;
  }

  /** Ends the worker now, if one runs; a feed being read fails. */
  stop(): void {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.current = undefined;
    void worker?.then((w) => w.terminate()).catch(() => undefined);
  }

  /** A worker that has loaded the parser; rejects when it fails to within `startMs`. */
  private start(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = new Worker(workerSource(this.entry), {
      eval: true,
      // RUNTIME-6: no secret reaches the thread that reads feeds from anywhere.
      env: workerEnv(),
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
    });
    const ready = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error('the feed reader did not start')),
        this.limits.startMs,
      );
      const settle = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', fail);
        worker.off('exit', fail);
      };
      const onMessage = (message: unknown) => {
        if ((message as { ready?: boolean }).ready !== true) return;
        settle();
        this.current = worker;
        resolve(worker);
      };
      const fail = (err: unknown) => {
        settle();
        if (this.worker === ready) this.worker = undefined;
        void worker.terminate();
        reject(err instanceof Error ? err : new Error('the feed reader stopped while starting'));
      };
      worker.on('message', onMessage);
      worker.once('error', fail);
      worker.once('exit', fail);
    });
    worker.once('exit', () => {
      if (this.worker === ready) this.worker = undefined;
      if (this.current === worker) this.current = undefined;
    });
    this.worker = ready;
    return ready;
  }

  /** No feed waits: the worker no longer keeps the event loop alive, and ends after idleMs. */
  private idle(): void {
    const current = this.worker;
    if (!current) return;
    void current.then((w) => w.unref()).catch(() => undefined);
    this.idleTimer = setTimeout(() => {
      if (this.worker === current && this.pending === 0) this.stop();
    }, this.limits.idleMs);
    this.idleTimer.unref();
  }

  private async runNow(text: string, now: number): Promise<FeedBooking[]> {
    const ready = this.start();
    const worker = await ready;
    worker.ref();
    const id = ++this.nextId;
    return new Promise<FeedBooking[]>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        outcome();
      };
      // FEED-1: a reader that has not answered in time is ended; the next feed gets a new one.
      const timer = setTimeout(() => {
        settle(() => reject(new FeedLimitError('time')));
        this.end(ready, worker);
      }, this.limits.timeLimitMs);
      const onMessage = (reply: ReadReply) => {
        if (reply.id !== id) return;
        settle(() => {
          if (reply.ok) return resolve(reply.bookings);
          reject(reply.notCalendar ? new FeedParseError(reply.message) : new Error(reply.message));
        });
      };
      // FEED-2: V8 ends a worker whose heap passes resourceLimits with ERR_WORKER_OUT_OF_MEMORY.
      const onError = (err: NodeJS.ErrnoException) => {
        settle(() =>
          reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FeedLimitError('memory') : err),
        );
        this.end(ready, worker);
      };
      const onExit = () => settle(() => reject(new Error('the feed reader stopped while reading')));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, text, now } satisfies ReadRequest);
    });
  }

  /** Terminates `worker` and forgets it, so the next feed starts a fresh one. */
  private end(ready: Promise<Worker>, worker: Worker): void {
    if (this.worker === ready) this.worker = undefined;
    if (this.current === worker) this.current = undefined;
    void worker.terminate();
  }
}
