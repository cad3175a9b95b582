/**
 * The server's side of the image worker (OPS-4: the server's resident set stays within 300 MB on a
 * 1 GB machine, however many photos are uploaded; decision 007).
 *
 * Decoding a 12 MP photo and running its encoders takes 100-250 MB of native memory, which glibc
 * keeps after libvips frees it. So photos are rendered in a child process (render-worker.ts) and
 * the server only sends bytes and writes the files it gets back:
 * - one photo at a time, queued, whatever the number of uploads (two tabs, the demo seed);
 * - started on the first photo, ended after `idleMs` without one, so its memory goes back to the
 *   system between batches;
 * - ended after a photo that left it above `recycleMb`, and started afresh for the next;
 * - killed at once when its resident set passes `capMb` during a photo (read from /proc every
 *   100 ms, on Linux): that photo fails with ImageError 503 and the server goes on;
 * - a worker that dies (killed by the kernel's OOM killer, a crash), or a photo that takes longer
 *   than `jobMs`, fails its photo with 503 too.
 * The lifecycle is the server's one (workers/job-worker.ts over a process transport, decision 034).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JobError, JobWorker, WorkerFailure } from '../workers/job-worker.js';
import { processTransport } from '../workers/transports.js';
import { ImageError, type VariantJob } from './image-rules.js';

/** A photo to render: an upload's bytes, or missing width variants of a stored normalised file. */
export type WorkerJob =
  | { kind: 'upload'; bytes: Uint8Array; name: string }
  | { kind: 'variants'; file: string; variants: VariantJob[] };

/** What a job gives back: files by path relative to paths.images, or the variants in job order. */
export type WorkerResult =
  | { kind: 'upload'; files: [string, Uint8Array][]; width: number; height: number }
  | { kind: 'variants'; files: Uint8Array[] };

/** Limits of the worker; every figure is in milliseconds or megabytes (MB = 2^20 bytes). */
export interface WorkerLimits {
  /** The worker ends after this long without a photo. */
  idleMs: number;
  /** A photo that leaves the worker above this ends it (the next photo starts a new one). */
  recycleMb: number;
  /** The worker is killed the moment its resident set passes this, its photo failed (503). */
  capMb: number;
  /** One photo may take this long; past it the worker is killed and the photo fails (503). */
  jobMs: number;
  /** A worker that has not loaded sharp after this long is ended and its photo fails (503). */
  startMs: number;
}

/**
 * Defaults: a 12 MP photo peaks at ~200 MB in the worker (bench/JOURNAL.md, "Server memory"), so the
 * cap leaves room for the largest accepted photo (50 MP) while the server (~150-200 MB) and the
 * worker together stay well inside a 1 GB machine. A 12 MP photo renders in 1-3 s and the worker
 * starts in ~0.4 s on a quiet machine: the time bounds are a guard against a decoder that never
 * returns, far from any real photo's time even on a loaded 2-core machine.
 */
export const DEFAULT_LIMITS: WorkerLimits = {
  idleMs: 10_000,
  recycleMb: 256,
  capMb: 640,
  jobMs: 120_000,
  startMs: 30_000,
};

/**
 * The worker's entry file, render-worker.ts beside this module. Built from the file path, not with
 * `new URL(…, import.meta.url)`, which Vite rewrites into an asset URL in browser-like test
 * environments.
 */
const RENDER_WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'render-worker.ts');

/**
 * glibc malloc tunables for the worker (the same as `npm start` gives the server): two arenas, and
 * every block of 128 KB or more (pixel buffers, encoder frames) given back to the system when
 * freed. Without them a worker's resident set climbs from ~150 to ~400 MB over six 12 MP photos.
 */
const MALLOC_TUNABLES =
  'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/**
 * One image worker process and its queue. `render` runs jobs one at a time in the order given.
 * Throws ImageError (the worker’s refusal of the photo: 415, 422; or 503 when the worker stopped, timed out or
 * passed its cap) or Error (anything else the worker reported, e.g. a stored file that is missing).
 */
export class ImageWorker {
  private readonly worker: JobWorker<WorkerJob, WorkerResult>;

  constructor(private readonly limits: WorkerLimits = DEFAULT_LIMITS) {
    const transport = processTransport(RENDER_WORKER, {
      env: { GLIBC_TUNABLES: process.env.GLIBC_TUNABLES || MALLOC_TUNABLES },
    });
    this.worker = new JobWorker(transport, limits);
  }

  /** The worker's pid while one runs (tests and the bench watch it). */
  get pid(): number | undefined {
    return this.worker.id;
  }

  render(
    job: Extract<WorkerJob, { kind: 'upload' }>,
  ): Promise<Extract<WorkerResult, { kind: 'upload' }>>;
  render(
    job: Extract<WorkerJob, { kind: 'variants' }>,
  ): Promise<Extract<WorkerResult, { kind: 'variants' }>>;
  async render(job: WorkerJob): Promise<WorkerResult> {
    try {
      return await this.worker.run(job);
    } catch (err) {
      throw this.imageError(err);
    }
  }

  /** Ends the worker now, if one runs; a job in progress fails with 503. */
  stop(): void {
    this.worker.stop();
  }

  /** Ends the worker and resolves once its process has exited (the app's close). */
  close(): Promise<void> {
    return this.worker.close();
  }

  /** The photo's words for what the worker answered or why it did not. */
  private imageError(err: unknown): Error {
    if (err instanceof JobError) {
      const { status, field } = err.details;
      return typeof status === 'number'
        ? new ImageError(
            status as ImageError['status'],
            err.message,
            typeof field === 'string' ? field : undefined,
          )
        : new Error(err.message);
    }
    if (err instanceof WorkerFailure)
      return new ImageError(
        503,
        err.reason === 'memory'
          ? `Processing this photo needed more than the ${this.limits.capMb} MB it may use; try a smaller photo.`
          : err.reason === 'time'
            ? 'Processing this photo took too long; try a smaller photo.'
            : 'The photo could not be processed this time; try again.',
      );
    return err as Error;
  }
}

/** The server's one image worker (one photo at a time in the whole process, OPS-4). */
export const imageWorker = new ImageWorker();
