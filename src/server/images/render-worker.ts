/**
 * The image worker process (OPS-4): started by render-process.ts with an IPC channel, it decodes
 * and encodes one photo at a time with sharp and answers with the encoded bytes (serveJobs: a
 * refusal crosses as the same ImageError, its status and field). It holds no database and writes
 * no file. It exits when the server closes the channel, so it never outlives the server.
 */
import { serveJobs } from '../workers/serve-jobs.js';
import { renderUpload, renderVariants } from './encode.js';
import type { WorkerJob, WorkerResult } from './render-process.js';

serveJobs(async (job: WorkerJob): Promise<WorkerResult> =>
  job.kind === 'upload'
    ? { kind: job.kind, ...(await renderUpload(job.bytes, job.name)) }
    : { kind: job.kind, files: await renderVariants(job.file, job.variants) },
);
