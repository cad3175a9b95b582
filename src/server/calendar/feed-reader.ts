/**
 * Reads fetched feeds off the server's event loop, with bounds (FEED-1, FEED-2; decision 008).
 *
 * ical.js never returns on some short, valid rules (e.g. `RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`:
 * one `next()` runs for minutes), so parseFeed runs in a worker thread (parse-worker.ts), run by
 * the server's one worker lifecycle (workers/job-worker.ts, decision 034):
 * - one feed at a time, queued; the worker is kept warm between feeds and ends after `idleMs`
 *   without one, so a sync round pays its start once;
 * - a feed gets `cpuLimitMs` of the worker's CPU time (from the moment the worker has it), and
 *   `wallLimitMs` of wall time behind it; past either the worker is terminated (V8 stops even a
 *   loop that never yields) and the next feed gets a fresh one. CPU time, because a busy machine
 *   (a publish rendering photos) stretches a large feed's wall time, not its work: a real feed
 *   must not fail for the machine's load;
 * - the worker's V8 heap is capped at `heapMb` (`resourceLimits`): a feed that needs more ends the
 *   worker, not the server.
 * A feed over either limit fails with FeedLimitError; one that is not a calendar with
 * FeedParseError, as parseFeed throws it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JobError, JobWorker, WorkerFailure } from '../workers/job-worker.js';
import { threadTransport } from '../workers/transports.js';
import { FeedParseError, type FeedBooking } from './parse.js';

/** A feed to read: its text and the instant (Unix ms) that sets the horizon of recurring events. */
export interface ReadJob {
  text: string;
  now: number;
}

/** Limits of the reader, in milliseconds and megabytes (MB = 2^20 bytes). */
export interface ReaderLimits {
  /** Reading one feed may use this much of the worker's CPU time. */
  cpuLimitMs: number;
  /** Reading one feed may take this long in wall time, however little CPU it was given. */
  wallLimitMs: number;
  /** The worker's V8 heap (old generation) is capped at this. */
  heapMb: number;
  /** The worker ends after this long without a feed. */
  idleMs: number;
  /** A worker that has not loaded the parser after this long is ended and the feed fails. */
  startMs: number;
}

/**
 * Defaults: the 20,000-event feed of FEED-3 (4.5 MB) reads in ~0.5 s with a ~80 MB heap on a quiet
 * 2-core machine (bench/JOURNAL.md, "Hostile feed"); 2 s of CPU and 192 MB leave room for the
 * largest body a fetch accepts (8 MB) while keeping the worker far inside a 1 GB machine. 10 s of
 * wall time bounds a feed on a machine so loaded the worker gets a fifth of a core.
 */
export const DEFAULT_READER_LIMITS: ReaderLimits = {
  cpuLimitMs: 2_000,
  wallLimitMs: 10_000,
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

/** The reader's words for what the worker answered or why it did not. */
function feedError(err: unknown): Error {
  if (err instanceof JobError)
    return err.name === 'FeedParseError' ? new FeedParseError(err.message) : new Error(err.message);
  if (err instanceof WorkerFailure) {
    if (err.reason === 'time' || err.reason === 'memory') return new FeedLimitError(err.reason);
    return new Error(
      err.reason === 'start' ? 'the feed reader did not start' : 'the feed reader stopped',
    );
  }
  return err as Error;
}

/**
 * One feed-reading worker thread and its queue. `read` parses feeds one at a time in the order
 * given. Throws FeedParseError (not a calendar), FeedLimitError (over the time limit or the heap
 * cap) or Error (the worker could not start or stopped).
 */
export class FeedReader {
  private readonly worker: JobWorker<ReadJob, FeedBooking[]>;

  /** `entry` is the worker's file: parse-worker.ts but in the test of its environment. */
  constructor(
    readonly limits: ReaderLimits = DEFAULT_READER_LIMITS,
    entry: string = PARSE_WORKER,
  ) {
    this.worker = new JobWorker(threadTransport(entry, { heapMb: limits.heapMb }), {
      startMs: limits.startMs,
      jobCpuMs: limits.cpuLimitMs,
      jobMs: limits.wallLimitMs,
      idleMs: limits.idleMs,
    });
  }

  /** The worker's thread id while one runs (tests and the bench watch it). */
  get threadId(): number | undefined {
    return this.worker.id;
  }

  /** Starts the worker now if none runs, so the next feed does not wait for it (a sync's fetch). */
  warm(): void {
    this.worker.warm();
  }

  /**
   * The bookings of `text` (see parseFeed) at instant `now` (Unix ms, the caller's clock, TIME-3),
   * read in the worker within the limits.
   */
  async read(text: string, now: number): Promise<FeedBooking[]> {
    try {
      return await this.worker.run({ text, now });
    } catch (err) {
      throw feedError(err);
    }
  }

  /** Ends the worker and resolves once it has exited; a feed being read fails. */
  stop(): Promise<void> {
    return this.worker.close();
  }
}
