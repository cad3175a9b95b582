/**
 * The one lifecycle of the server's workers (WORK-1..WORK-4; decision 034): the feed reader's
 * thread (calendar/feed-reader.ts) and the image process (images/render-process.ts) are each a
 * JobWorker over a transport (transports.ts); the transport is the only difference between them.
 *
 * - One worker, one job at a time, queued in the order given.
 * - Started lazily, on the first job or on `warm()`; a job waits until the worker has said it is
 *   ready (serve-jobs.ts, after any warm-up), within `startMs`.
 * - Each job has `jobMs` of wall time and, where given, `jobCpuMs` of its worker's CPU time; past
 *   either the worker is killed and the job fails with WorkerFailure 'time'. A process's resident
 *   set is read every 100 ms during a job and the worker killed past `capMb` ('memory'); a
 *   thread's heap cap is V8's, set by its transport ('memory' too).
 * - A worker that exits during a job (a crash, the kernel's OOM killer, a kill) fails that job
 *   alone ('stopped'); the next job starts a fresh worker. A failure is reported once the worker is
 *   gone, so no job outlives the worker it ran in.
 * - A worker that left a job with more than `recycleMb` resident is ended; one without a job for
 *   `idleMs` is ended too; while idle it does not keep the event loop alive.
 * - `close()` ends the worker and resolves once it has exited (the app's onClose: no worker
 *   outlives the app).
 * The job's own refusal, thrown in the worker, comes back as a JobError with its name, message
 * and details; each owner maps these and WorkerFailure to its own words.
 */
import type { Channel, Transport } from './transports.js';

/** What the server sends a worker: job `id`. */
export interface JobRequest<Job> {
  id: number;
  job: Job;
}

/** An error thrown in the worker, as it crosses: its name, message and own primitive fields. */
export interface JobErrorData {
  name: string;
  message: string;
  details: Record<string, string | number | boolean>;
}

/** What a worker sends: ready (once started), or job `id`'s answer, with its resident set (bytes). */
export type WorkerMessage<Result> =
  | { ready: true }
  | { id: number; ok: true; result: Result; rss: number }
  | { id: number; ok: false; error: JobErrorData; rss: number };

/** Limits of a worker, in milliseconds and megabytes (MB = 2^20 bytes). */
export interface JobWorkerLimits {
  /** A started worker that has not said it is ready after this long is ended ('start'). */
  startMs: number;
  /** One job may take this long in wall time ('time'). */
  jobMs: number;
  /**
   * One job may use this much of its worker's CPU time ('time'), read every 100 ms where the
   * transport can read it. On a busy machine a job's wall time grows with the machine's load, its
   * CPU time with its own work: this is the limit that judges the job, `jobMs` the bound behind it.
   */
  jobCpuMs?: number;
  /** The worker ends after this long without a job. */
  idleMs: number;
  /** Killed when its resident set passes this during a job ('memory'); where readable (Linux /proc). */
  capMb?: number;
  /** Ended after a job that left its resident set above this (the next job starts a new one). */
  recycleMb?: number;
}

/** Why a job failed without an answer from its worker. */
export type FailureReason = 'start' | 'time' | 'memory' | 'stopped';

/** A job that got no answer: the worker did not start, passed a limit, or stopped. */
export class WorkerFailure extends Error {
  constructor(readonly reason: FailureReason) {
    super(
      {
        start: 'the worker did not start',
        time: 'the job took longer than its limit',
        memory: 'the worker needed more memory than its cap',
        stopped: 'the worker stopped',
      }[reason],
    );
    this.name = 'WorkerFailure';
  }
}

/** An error the job threw in the worker: `name` and `message` as thrown, and its own fields. */
export class JobError extends Error {
  readonly details: JobErrorData['details'];
  constructor(data: JobErrorData) {
    super(data.message);
    this.name = data.name;
    this.details = data.details;
  }
}

const MB = 1024 * 1024;

/** One started worker: its channel, whether it said it is ready, and the job it runs. */
interface Live {
  channel: Channel;
  ready: Promise<Live>;
  /** Set when the server ends it on purpose: the reason its job fails. */
  ending?: FailureReason;
  job?: {
    id: number;
    answer(message: Extract<WorkerMessage<unknown>, { id: number }>): void;
    exited(reason: FailureReason): void;
  };
}

/**
 * One worker over `transport`, and its queue. `run` resolves with the job's result, or rejects
 * with JobError (the job's own refusal) or WorkerFailure (no answer).
 */
export class JobWorker<Job, Result> {
  private live: Live | undefined;
  /** Every worker started and not yet exited, the one ended a moment ago included. */
  private readonly running = new Set<Channel>();
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly transport: Transport,
    readonly limits: JobWorkerLimits,
  ) {}

  /** The worker's process id or thread id while one runs (tests and the bench watch it). */
  get id(): number | undefined {
    return this.live?.channel.id;
  }

  /** Starts the worker now if none runs, so the next job does not wait for it. */
  warm(): void {
    if (this.live) return;
    this.start().catch(() => undefined);
    if (this.pending === 0) this.idle();
  }

  /** Runs `job` after the jobs given before it. */
  run(job: Job): Promise<Result> {
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

  /** Ends the worker now, if one runs; a job in progress fails ('stopped') once it has exited. */
  stop(): void {
    clearTimeout(this.idleTimer);
    const live = this.live;
    if (live) this.end(live, 'stopped');
  }

  /** Ends the worker and resolves once every worker it started has exited. A later job starts a new one. */
  async close(): Promise<void> {
    this.stop();
    await Promise.all([...this.running].map((channel) => channel.exited));
  }

  /** A worker that is ready; rejects with WorkerFailure when it does not get there. */
  private start(): Promise<Live> {
    if (this.live) return this.live.ready;
    let markReady!: () => void;
    let fail!: (reason: FailureReason) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      fail = (reason) => reject(new WorkerFailure(reason));
    });
    const live = {} as Live;
    const timer = setTimeout(() => this.end(live, 'start'), this.limits.startMs);
    live.channel = this.transport.start({
      message: (message) => {
        const m = message as WorkerMessage<unknown>;
        if ('ready' in m) {
          clearTimeout(timer);
          markReady();
        } else if (live.job?.id === m.id) live.job.answer(m);
      },
      exit: (reason) => {
        clearTimeout(timer);
        this.running.delete(live.channel);
        if (this.live === live) this.live = undefined;
        const why = live.ending ?? reason;
        fail(why);
        live.job?.exited(why);
      },
    });
    this.running.add(live.channel);
    live.ready = ready.then(() => live);
    this.live = live;
    return live.ready;
  }

  /** Forgets `live` and kills it; its job fails with `reason` when it has exited. */
  private end(live: Live, reason: FailureReason): void {
    if (this.live === live) this.live = undefined;
    if (live.ending) return;
    live.ending = reason;
    live.channel.kill();
  }

  /** No job waits: the worker no longer keeps the event loop alive, and ends after idleMs. */
  private idle(): void {
    const live = this.live;
    if (!live) return;
    live.channel.unref();
    this.idleTimer = setTimeout(() => {
      if (this.live === live && this.pending === 0) this.end(live, 'stopped');
    }, this.limits.idleMs);
    this.idleTimer.unref();
  }

  private async runNow(job: Job): Promise<Result> {
    const live = await this.start();
    if (this.live !== live) throw new WorkerFailure(live.ending ?? 'stopped');
    const { channel } = live;
    channel.ref();
    const { capMb, recycleMb, jobMs, jobCpuMs } = this.limits;
    // The worker's CPU time so far (its start, its warm-up, earlier jobs) is not this job's.
    const cpuBefore = jobCpuMs === undefined ? undefined : await channel.cpuMicros();
    if (this.live !== live) throw new WorkerFailure(live.ending ?? 'stopped');
    const id = ++this.nextId;
    return new Promise<Result>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => this.end(live, 'time'), jobMs);
      const watchdog =
        capMb === undefined && cpuBefore === undefined
          ? undefined
          : setInterval(() => {
              if (capMb !== undefined) {
                const rss = channel.residentBytes();
                if (rss !== undefined && rss > capMb * MB) this.end(live, 'memory');
              }
              if (cpuBefore !== undefined && jobCpuMs !== undefined)
                void channel.cpuMicros().then((cpu) => {
                  if (!settled && cpu !== undefined && cpu - cpuBefore > jobCpuMs * 1000)
                    this.end(live, 'time');
                });
            }, 100);
      const settle = (outcome: () => void) => {
        settled = true;
        clearTimeout(timer);
        clearInterval(watchdog);
        live.job = undefined;
        outcome();
      };
      live.job = {
        id,
        answer: (m) => {
          if (recycleMb !== undefined && m.rss > recycleMb * MB) this.end(live, 'stopped');
          settle(() => (m.ok ? resolve(m.result as Result) : reject(new JobError(m.error))));
        },
        exited: (reason) => settle(() => reject(new WorkerFailure(reason))),
      };
      channel.post({ id, job } satisfies JobRequest<Job>);
    });
  }
}
