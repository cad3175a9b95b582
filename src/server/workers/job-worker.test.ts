/**
 * WORK-1..WORK-4: the one worker lifecycle, run with real threads and real processes over the
 * same stand-in worker (test/job-worker-stand-in.ts): it answers in order in one worker kept
 * between jobs, passes a refusal on with its fields, kills a hung job at its limit (wall time or
 * CPU time) and serves the next, fails only the job whose worker crashed, ends at its memory cap,
 * bounds a start that never finishes, ends when idle, gives its worker no secret, and leaves no
 * process behind at close().
 * And no server module but the transports can start a worker (WORK-3).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive } from '../../../test/test-helpers.js';
import { secretsIn, withWorkerSecrets } from '../../../test/worker-secrets.js';
import type { StandInJob } from '../../../test/job-worker-stand-in.js';
import { JobError, JobWorker, WorkerFailure, type JobWorkerLimits } from './job-worker.js';
import { processTransport, threadTransport, type Transport } from './transports.js';

const STAND_IN = path.resolve(import.meta.dirname, '../../../test/job-worker-stand-in.ts');
const SILENT = path.resolve(import.meta.dirname, '../../../test/silent-worker.ts');

/** Generous for a busy 2-core machine: a bound against a hang, never a timing. */
const LIMITS: JobWorkerLimits = { startMs: 20_000, jobMs: 20_000, idleMs: 60_000 };

const TRANSPORTS: Record<'thread' | 'process', (entry: string) => Transport> = {
  thread: (entry) => threadTransport(entry, { heapMb: 64 }),
  process: (entry) => processTransport(entry),
};

/** The outcome of a job: its result or the error it was rejected with. */
async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (err) {
    return err;
  }
}

const workers: JobWorker<StandInJob, unknown>[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.close()));
});

describe.each(['thread', 'process'] as const)('JobWorker over a %s', (kind) => {
  function worker(limits: Partial<JobWorkerLimits> = {}, entry = STAND_IN) {
    const w = new JobWorker<StandInJob, unknown>(TRANSPORTS[kind](entry), {
      ...LIMITS,
      ...limits,
    });
    workers.push(w);
    return w;
  }
  const who = async (w: JobWorker<StandInJob, unknown>) => {
    const { pid, threadId } = (await w.run({ do: 'who' })) as { pid: number; threadId: number };
    return kind === 'thread' ? threadId : pid;
  };

  it('answers jobs in the order given, in one worker kept between them', async () => {
    const w = worker();
    const jobs = ['a', 'b', 'c'].map((value) => w.run({ do: 'answer', value }));
    expect(await Promise.all(jobs)).toEqual(['a', 'b', 'c']);
    const id = await who(w);
    expect(id).toBe(w.id);
    if (kind === 'process') expect(id).not.toBe(process.pid);
    expect(await w.run({ do: 'answer', value: 'd' })).toBe('d');
    expect(w.id).toBe(id);
  });

  it('passes on a refusal the job threw, with its name and fields, and goes on in the same worker', async () => {
    const w = worker();
    const id = await who(w);
    const err = await outcome(w.run({ do: 'refuse', message: 'not a photo' }));
    expect(err).toBeInstanceOf(JobError);
    expect(err).toMatchObject({
      name: 'RangeError',
      message: 'not a photo',
      details: { status: 415, field: 'file' },
    });
    expect(await who(w)).toBe(id);
  });

  it('kills a hung job at its limit, the event loop turning; the next job works in a new worker', async () => {
    const w = worker({ jobMs: 600 });
    const first = await who(w);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = performance.now();
    const hung = outcome(w.run({ do: 'hang' }));
    const next = w.run({ do: 'answer', value: 'after' });
    const err = await hung;
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(err).toBeInstanceOf(WorkerFailure);
    expect((err as WorkerFailure).reason).toBe('time');
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(5);
    if (kind === 'process') expect(processAlive(first)).toBe(false);
    expect(await next).toBe('after');
    expect(await who(w)).not.toBe(first);
  });

  it('judges a job by its CPU time (jobCpuMs): one that waits is answered past it, one that computes is killed at it', async () => {
    const w = worker({ jobCpuMs: 400 });
    // A second of waiting uses almost no CPU: as a starved worker on a busy machine would.
    expect(await w.run({ do: 'sleep', ms: 1_000 })).toBe('slept');
    const first = await who(w);
    const started = performance.now();
    const err = await outcome(w.run({ do: 'hang' }));
    expect(err).toBeInstanceOf(WorkerFailure);
    expect((err as WorkerFailure).reason).toBe('time');
    // 400 ms of CPU cannot be used in less wall time by one thread; a bound against a hang above.
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await who(w)).not.toBe(first);
  });

  it('fails only the job whose worker crashed; the one queued after it is answered by a new worker', async () => {
    const w = worker();
    const first = await who(w);
    const crash = outcome(w.run({ do: 'crash' }));
    const next = w.run({ do: 'answer', value: 'still here' });
    const err = await crash;
    expect(err).toBeInstanceOf(WorkerFailure);
    expect((err as WorkerFailure).reason).toBe('stopped');
    expect(await next).toBe('still here');
    const second = await who(w);
    expect(second).not.toBe(first);
    if (kind === 'process') expect(processAlive(first)).toBe(false);
  });

  it('fails a start that never says ready at startMs, and ends that worker', async () => {
    const silent = worker({ startMs: 800 }, SILENT);
    const job = outcome(silent.run({ do: 'answer', value: 'x' }));
    await expect.poll(() => silent.id, { timeout: 5_000, interval: 5 }).toBeDefined();
    const id = silent.id!;
    const err = await job;
    expect(err).toBeInstanceOf(WorkerFailure);
    expect((err as WorkerFailure).reason).toBe('start');
    expect(silent.id).toBeUndefined();
    if (kind === 'process')
      await expect.poll(() => processAlive(id), { timeout: 5_000 }).toBe(false);
  });

  it('ends after idleMs without a job, and the next job starts a new worker', async () => {
    const w = worker({ idleMs: 300 });
    const first = await who(w);
    await expect.poll(() => w.id, { timeout: 10_000 }).toBeUndefined();
    if (kind === 'process')
      await expect.poll(() => processAlive(first), { timeout: 10_000 }).toBe(false);
    expect(await who(w)).not.toBe(first);
  });

  it('close() fails the job in progress and resolves once the worker has exited', async () => {
    const w = worker();
    const first = await who(w);
    const hung = outcome(w.run({ do: 'hang' }));
    // The job has reached the worker once the queue is past `who`.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await w.close();
    expect(w.id).toBeUndefined();
    // WORK-4: a process's pid is gone the moment close() resolves.
    if (kind === 'process') expect(processAlive(first)).toBe(false);
    const err = await hung;
    expect(err).toBeInstanceOf(WorkerFailure);
    expect((err as WorkerFailure).reason).toBe('stopped');
  });

  it('gives the worker an environment without any secret (RUNTIME-6)', async () => {
    const w = worker();
    const env = await withWorkerSecrets(
      async () => (await w.run({ do: 'env' })) as Record<string, string>,
    );
    expect(secretsIn(env)).toEqual([]);
    expect(env.PATH).toBe(process.env.PATH);
  });
});

describe('JobWorker memory caps', () => {
  it('a thread past its heap cap fails its job with memory; the next job works', async () => {
    const w = new JobWorker<StandInJob, unknown>(threadTransport(STAND_IN, { heapMb: 32 }), LIMITS);
    workers.push(w);
    const err = await outcome(w.run({ do: 'heap' }));
    expect(err).toBeInstanceOf(WorkerFailure);
    expect((err as WorkerFailure).reason).toBe('memory');
    expect(await w.run({ do: 'answer', value: 'next' })).toBe('next');
  });

  it('a process past capMb is killed: its job fails with memory, the pid is gone, the next job works', async () => {
    const w = new JobWorker<StandInJob, unknown>(processTransport(STAND_IN), {
      ...LIMITS,
      capMb: 150,
    });
    workers.push(w);
    const { pid } = (await w.run({ do: 'who' })) as { pid: number };
    const err = await outcome(w.run({ do: 'rss', mb: 300 }));
    expect(err).toBeInstanceOf(WorkerFailure);
    expect((err as WorkerFailure).reason).toBe('memory');
    expect(processAlive(pid)).toBe(false);
    expect(await w.run({ do: 'answer', value: 'next' })).toBe('next');
  });

  it('a process that left a job above recycleMb is replaced for the next', async () => {
    const w = new JobWorker<StandInJob, unknown>(processTransport(STAND_IN), {
      ...LIMITS,
      recycleMb: 100,
    });
    workers.push(w);
    const { pid } = (await w.run({ do: 'who' })) as { pid: number };
    expect(await w.run({ do: 'rss', mb: 150 })).toBe('grew');
    expect(w.id).toBeUndefined();
    await expect.poll(() => processAlive(pid), { timeout: 10_000 }).toBe(false);
    const { pid: next } = (await w.run({ do: 'who' })) as { pid: number };
    expect(next).not.toBe(pid);
  });
});

describe('WORK-3: a worker is started by a transport only', () => {
  const SRC = path.resolve(import.meta.dirname, '../..');
  /** Non-test modules under src/ that import node:child_process or node:worker_threads. */
  function startersIn(files: Record<string, string>): string[] {
    return Object.entries(files)
      .filter(([, text]) => /from 'node:(child_process|worker_threads)'/.test(text))
      .map(([file]) => file)
      .sort();
  }

  it('only transports.ts (and the worker side, serve-jobs.ts) import the modules that start one', () => {
    const files: Record<string, string> = {};
    for (const entry of fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry)) continue;
      files[entry] = fs.readFileSync(path.join(SRC, entry), 'utf8');
    }
    expect(startersIn(files)).toEqual([
      // A concurrent writer of a GST numbering test, started by that test, not by the server.
      'server/gst/numbering.worker.ts',
      'server/workers/serve-jobs.ts',
      'server/workers/transports.ts',
    ]);
  });

  it('finds a module that would start its own', () => {
    expect(
      startersIn({
        'server/x.ts': "import { fork } from 'node:child_process';\n",
        'server/y.ts': '',
      }),
    ).toEqual(['server/x.ts']);
  });
});
