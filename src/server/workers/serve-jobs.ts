/**
 * The worker's side of a JobWorker (job-worker.ts), the same in a thread and in a process: says it
 * is ready, then answers each job with its result or the error it threw (name, message and own
 * primitive fields, e.g. an ImageError's status and field), with its resident set. A process
 * exits when the server's channel closes, so it never outlives the server (WORK-4).
 */
import { parentPort } from 'node:worker_threads';
import type { JobErrorData, JobRequest, WorkerMessage } from './job-worker.js';

/** The error as it crosses to the server. */
function errorData(err: unknown): JobErrorData {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), details: {} };
  const details: JobErrorData['details'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      details[key] = value;
  }
  return { name: err.name, message: err.message, details };
}

/**
 * Serves jobs with `handle`, one at a time as the server sends them. Call it once the worker is
 * ready for its first job (after any warm-up). Throws when this module runs outside a worker.
 */
export function serveJobs<Job, Result>(handle: (job: Job) => Result | Promise<Result>): void {
  const port = parentPort;
  const send = port
    ? (message: WorkerMessage<Result>) => port.postMessage(message)
    : process.send
      ? (message: WorkerMessage<Result>) => void process.send!(message)
      : undefined;
  if (!send) throw new Error('serveJobs runs in a worker thread or a forked process only');
  const onRequest = async ({ id, job }: JobRequest<Job>) => {
    try {
      const result = await handle(job);
      send({ id, ok: true, result, rss: process.memoryUsage.rss() });
    } catch (err) {
      send({ id, ok: false, error: errorData(err), rss: process.memoryUsage.rss() });
    }
  };
  if (port) port.on('message', onRequest);
  else {
    process.on('message', onRequest);
    process.on('disconnect', () => process.exit(0));
  }
  send({ ready: true });
}
