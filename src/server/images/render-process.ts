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
 * - a worker that dies (killed by the kernel's OOM killer, a crash) fails its photo with 503 too.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workerEnv } from '../worker-env.js';
import { ImageError, type VariantJob } from './image-rules.js';

/** A photo to render: an upload's bytes, or missing width variants of a stored normalised file. */
export type WorkerJob =
  | { kind: 'upload'; bytes: Uint8Array; name: string }
  | { kind: 'variants'; file: string; variants: VariantJob[] };

/** What a job gives back: files by path relative to paths.images, or the variants in job order. */
export type WorkerResult =
  | { kind: 'upload'; files: [string, Uint8Array][]; width: number; height: number }
  | { kind: 'variants'; files: Uint8Array[] };

/** A message to the worker. */
export interface WorkerRequest {
  id: number;
  job: WorkerJob;
}

/** The worker's answer to request `id`, with its resident set in bytes after the job. */
export type WorkerReply =
  | { id: number; ok: true; result: WorkerResult; rss: number }
  | {
      id: number;
      ok: false;
      error: { message: string; status?: ImageError['status']; field?: string };
      rss: number;
    };

/** Limits of the worker; every figure is in milliseconds or megabytes (MB = 2^20 bytes). */
export interface WorkerLimits {
  /** The worker ends after this long without a photo. */
  idleMs: number;
  /** A photo that leaves the worker above this ends it (the next photo starts a new one). */
  recycleMb: number;
  /** The worker is killed the moment its resident set passes this, its photo failed (503). */
  capMb: number;
}

/**
 * Defaults: a 12 MP photo peaks at ~200 MB in the worker (bench/README.md, "Server memory"), so the
 * cap leaves room for the largest accepted photo (50 MP) while the server (~150-200 MB) and the
 * worker together stay well inside a 1 GB machine.
 */
export const DEFAULT_LIMITS: WorkerLimits = { idleMs: 10_000, recycleMb: 256, capMb: 640 };

/**
 * The worker's entry file and tsx's loader, resolved from this module so the worker starts the same
 * under npm start and Vitest. Built from the file path, not with `new URL(…, import.meta.url)`,
 * which Vite rewrites into an asset URL in browser-like test environments.
 */
function workerCommand(): { entry: string; loader: string } {
  const here = fileURLToPath(import.meta.url);
  return {
    entry: path.join(path.dirname(here), 'render-worker.ts'),
    loader: pathToFileURL(createRequire(here).resolve('tsx')).href,
  };
}

const MB = 1024 * 1024;

/**
 * glibc malloc tunables for the worker (the same as `npm start` gives the server): two arenas, and
 * every block of 128 KB or more (pixel buffers, encoder frames) given back to the system when
 * freed. Without them a worker's resident set climbs from ~150 to ~400 MB over six 12 MP photos.
 */
const MALLOC_TUNABLES =
  'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/** Resident set of process `pid` in bytes, from /proc (Linux); undefined elsewhere or once it is gone. */
function residentBytes(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * One image worker process and its queue. `render` runs jobs one at a time in the order given.
 * Throws ImageError (the worker's refusal of the photo: 415, 422; or 503 when the worker stopped or
 * passed its cap) or Error (anything else the worker reported, e.g. a stored file that is missing).
 */
export class ImageWorker {
  private child: ChildProcess | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: WorkerLimits = DEFAULT_LIMITS) {}

  /** The worker's pid while one runs (tests and the bench watch it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  render(
    job: Extract<WorkerJob, { kind: 'upload' }>,
  ): Promise<Extract<WorkerResult, { kind: 'upload' }>>;
  render(
    job: Extract<WorkerJob, { kind: 'variants' }>,
  ): Promise<Extract<WorkerResult, { kind: 'variants' }>>;
  render(job: WorkerJob): Promise<WorkerResult> {
    this.pending++;
    clearTimeout(this.idleTimer);
    const result = this.queue.then(() => this.runNow(job));
    this.queue = result
      .catch(() => undefined)
      .finally(() => {
        if (--this.pending === 0) this.idle();
      });
    return result;
  }

  /** Ends the worker now, if one runs; a job in progress fails with 503. */
  stop(): void {
    clearTimeout(this.idleTimer);
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
  }

  private start(): ChildProcess {
    const { entry, loader } = workerCommand();
    const child = fork(entry, [], {
      execArgv: ['--import', loader],
      serialization: 'advanced',
      // RUNTIME-6: no secret reaches the worker, which decodes bytes anyone with a session sends.
      env: workerEnv({ GLIBC_TUNABLES: process.env.GLIBC_TUNABLES || MALLOC_TUNABLES }),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    this.child = child;
    return child;
  }

  /** No job waits: the worker no longer keeps the server's event loop alive, and ends after idleMs. */
  private idle(): void {
    const child = this.child;
    if (!child) return;
    child.unref();
    child.channel?.unref();
    this.idleTimer = setTimeout(() => {
      if (this.child === child && this.pending === 0) this.stop();
    }, this.limits.idleMs);
    this.idleTimer.unref();
  }

  private runNow(job: WorkerJob): Promise<WorkerResult> {
    const alive = this.child && this.child.exitCode === null && this.child.signalCode === null;
    const child = alive ? this.child! : this.start();
    child.ref();
    child.channel?.ref();
    const id = ++this.nextId;
    return new Promise<WorkerResult>((resolve, reject) => {
      let overCap = false;
      const watchdog = setInterval(() => {
        const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
        if (rss !== undefined && rss > this.limits.capMb * MB) {
          overCap = true;
          child.kill('SIGKILL');
        }
      }, 100);
      const settle = (outcome: () => void) => {
        clearInterval(watchdog);
        child.off('message', onMessage);
        child.off('exit', onExit);
        outcome();
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== id) return;
        if (reply.rss > this.limits.recycleMb * MB && this.child === child) this.stop();
        settle(() => {
          if (reply.ok) return resolve(reply.result);
          const { message, status, field } = reply.error;
          reject(status ? new ImageError(status, message, field) : new Error(message));
        });
      };
      const onExit = () =>
        settle(() =>
          reject(
            new ImageError(
              503,
              overCap
                ? `Processing this photo needed more than the ${this.limits.capMb} MB it may use; try a smaller photo.`
                : 'The photo could not be processed this time; try again.',
            ),
          ),
        );
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ id, job } satisfies WorkerRequest, (err) => {
        // The channel closed under us: the worker is gone or going, and its exit fails the job.
        if (err) child.kill('SIGKILL');
      });
    });
  }
}

/** The server's one image worker (one photo at a time in the whole process, OPS-4). */
export const imageWorker = new ImageWorker();
