/**
 * One runner for timed work (JOB-1..JOB-5, decisions 042, 051). Every periodic job of the server
 * is declared in one list (src/server/compose.ts's `timedJobs`: a name, a period, what it runs,
 * and for work with times of its own, the mail outbox's next try, a next-due query). At
 * start and then on each job's own timer (its period, real time, as the loops it replaces), the
 * runner runs a job when it is due at the app's clock (TIME-3), after claiming it in `job_runs` (a
 * lease) in DATA_DIR's jobs file (store.ts, decision 054: not the main database, so a run is no
 * commit for the copy off the machine), so two processes on one DATA_DIR never run the same job at
 * once and a job one of them has just run is not due again for the other. One back-off: a job that
 * fails is tried again after BACKOFF_FIRST_MS, doubled at each failure in a row, never later than
 * its period. A job's error is logged and stored (its error's name or code only: `/healthz` is not
 * a place for data) and stops no other job.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../store/db.js';
import type { Clock } from '../../shared/instants.js';
import type { DataClass } from '../privacy/retention.js';
import {
  claimJob,
  declareJobs,
  failuresOf,
  jobFailed,
  jobRows,
  jobSucceeded,
  type JobRow,
} from './store.js';

/** One periodic job. */
export interface TimedJob {
  /** Unique, kebab-case: how the log, the table and `/healthz` name it. */
  name: string;
  /** Period between the start of one run and the next, ms: the longest wait. */
  everyMs: number;
  /**
   * When the job's own work is next due (Unix ms, the app's clock), read after each good run; a
   * time before the period ends brings the next run forward (e.g. the outbox's next try).
   */
  nextDue?: () => number | undefined;
  /** The work; what it resolves with (counts) is logged when it is not empty. */
  run: () => unknown;
  /**
   * The classes of the retention table (PRIV-1) whose erasure this job runs; absent: it erases
   * none. retention.test.ts holds that every class reaches a job (PRIV-13).
   */
  erases?: readonly DataClass[];
  /** How long a claim holds if this process dies during the run, ms (default LEASE_MS). */
  leaseMs?: number;
}

/** The shortest wait before a job is looked at again (real time). */
const MIN_WAIT_MS = 1000;
/** A claim's default lease: a process that died mid-run frees its job after this. */
const LEASE_MS = 10 * 60 * 1000;
/** The first wait after a failure; doubled at each failure in a row, at most the job's period. */
export const BACKOFF_FIRST_MS = 30 * 1000;

/** When a job that has just failed `failures` times in a row is due again (JOB-3). */
export function backoffMs(failures: number, everyMs: number): number {
  return Math.min(everyMs, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/** An error in words fit for `/healthz`: its code or class name, never its message. */
function errorWords(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown } | null;
  if (e && typeof e.code === 'string') return e.code;
  if (e && typeof e.name === 'string') return e.name;
  return 'Error';
}

/** `/healthz`'s line of a job (JOB-4). Instants ISO; null for never. */
export interface JobHealth {
  name: string;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  nextDueAt: string;
  failuresInARow: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The runner of one process. */
export class JobRunner {
  /** This process's name in a claim. */
  readonly holder = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  private readonly byName: Map<string, TimedJob>;
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    /** The runner's file (store.ts openJobsDb), never the main database. */
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: Clock,
    readonly jobs: readonly TimedJob[],
  ) {
    this.byName = new Map(jobs.map((j) => [j.name, j]));
    if (this.byName.size !== jobs.length) throw new Error('Two timed jobs have the same name.');
    declareJobs(
      db,
      jobs.map((j) => j.name),
    );
  }

  /** Runs each job due now, then each again when its own timer says. */
  start(): void {
    this.stopped = false;
    for (const job of this.jobs) void this.tick(job);
  }

  /** Stops the timers and waits for the runs under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running.values());
  }

  /**
   * Attempts `job`, then sets its timer: until it is next due (another process's run counts),
   * at least MIN_WAIT_MS, at most its period.
   */
  private async tick(job: TimedJob): Promise<void> {
    await this.attempt(job, false);
    if (this.stopped) return;
    const [row] = jobRows(this.db, [job.name]);
    const wait = Math.min(job.everyMs, Math.max(MIN_WAIT_MS, (row?.nextDue ?? 0) - this.now()));
    const timer = setTimeout(() => void this.tick(job), wait);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  /** Runs every job due and free now, each on its own; resolves with the names this process ran. */
  async runDue(): Promise<string[]> {
    const ran = await Promise.all(
      this.jobs.map(async (job) => ((await this.attempt(job, false)) ? job.name : undefined)),
    );
    return ran.filter((n): n is string => n !== undefined);
  }

  /**
   * Runs job `name` now, due or not, unless another run holds it (here or in another process):
   * a nudge after a change that made work (tests await it). True when this call ran it.
   */
  runNow(name: string): Promise<boolean> {
    const job = this.byName.get(name);
    if (!job) throw new Error(`No timed job is named ${name}.`);
    return this.attempt(job, true);
  }

  private attempt(job: TimedJob, force: boolean): Promise<boolean> {
    if (this.stopped && !force) return Promise.resolve(false);
    const under = this.running.get(job.name);
    if (under) return under.then(() => false);
    const startedAt = this.now();
    if (
      !claimJob(
        this.db,
        job.name,
        this.holder,
        startedAt,
        startedAt + (job.leaseMs ?? LEASE_MS),
        force,
      )
    )
      return Promise.resolve(false);
    const run = (async () => {
      try {
        const result = await job.run();
        const at = this.now();
        const own = job.nextDue?.() ?? Infinity;
        const next = Math.min(startedAt + job.everyMs, Math.max(own, at + MIN_WAIT_MS));
        jobSucceeded(this.db, job.name, this.holder, startedAt, at, next);
        if (result && typeof result === 'object' && Object.values(result).some((v) => v))
          this.log.info({ job: job.name, ...result }, 'timed job done');
      } catch (err) {
        const at = this.now();
        const failures = failuresOf(this.db, job.name) + 1;
        jobFailed(
          this.db,
          job.name,
          this.holder,
          startedAt,
          at,
          errorWords(err),
          at + backoffMs(failures, job.everyMs),
        );
        this.log.error({ job: job.name, failures, err }, 'timed job failed; tried again later');
      }
      return true;
    })().finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  /** Each declared job's runs as `/healthz` tells them (JOB-4), in declared order. */
  health(): JobHealth[] {
    return jobRows(
      this.db,
      this.jobs.map((j) => j.name),
    ).map((r: JobRow) => ({
      name: r.name,
      lastRunAt: iso(r.lastRun),
      lastSuccessAt: iso(r.lastSuccess),
      lastError: r.lastError,
      lastErrorAt: iso(r.lastErrorAt),
      nextDueAt: new Date(r.nextDue).toISOString(),
      failuresInARow: r.failures,
    }));
  }
}
