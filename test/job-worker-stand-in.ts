/**
 * A stand-in worker for the tests of the worker lifecycle (src/server/workers/job-worker.test.ts),
 * the same file run as a thread and as a process: each job says what to do, so a test can make
 * its worker answer, refuse, hang, wait without working, crash, grow or report its environment.
 */
import { threadId } from 'node:worker_threads';
import { serveJobs } from '../src/server/workers/serve-jobs.js';

/** What the stand-in does with a job. */
export type StandInJob =
  | { do: 'answer'; value: string }
  | { do: 'refuse'; message: string }
  | { do: 'hang' }
  | { do: 'sleep'; ms: number }
  | { do: 'crash' }
  | { do: 'heap' }
  | { do: 'rss'; mb: number }
  | { do: 'who' }
  | { do: 'env' };

const held: unknown[] = [];

serveJobs(async (job: StandInJob): Promise<unknown> => {
  switch (job.do) {
    case 'answer':
      return job.value;
    case 'refuse':
      throw Object.assign(new RangeError(job.message), { status: 415, field: 'file' });
    case 'hang':
      for (;;);
    case 'sleep':
      await new Promise((resolve) => setTimeout(resolve, job.ms));
      return 'slept';
    case 'crash':
      return process.exit(3);
    case 'heap':
      for (;;) held.push(new Array(100_000).fill(Math.random()));
    case 'rss':
      held.push(Buffer.alloc(job.mb * 2 ** 20, 1));
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return 'grew';
    case 'who':
      return { pid: process.pid, threadId };
    case 'env':
      return { ...process.env };
  }
});
