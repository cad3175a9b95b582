/**
 * The image worker process (OPS-4): started by render-process.ts with an IPC channel, it decodes
 * and encodes one photo at a time with sharp and answers with the encoded bytes. It holds no
 * database and writes no file. It exits when the server closes the channel, so it never outlives
 * the server.
 */
import { renderUpload, renderVariants } from './encode.js';
import { ImageError } from './image-rules.js';
import type { WorkerReply, WorkerRequest } from './render-process.js';

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  const { id, job } = request;
  try {
    const result =
      job.kind === 'upload'
        ? { kind: job.kind, ...(await renderUpload(job.bytes, job.name)) }
        : { kind: job.kind, files: await renderVariants(job.file, job.variants) };
    return { id, ok: true, result, rss: process.memoryUsage.rss() };
  } catch (err) {
    const error =
      err instanceof ImageError
        ? { message: err.message, status: err.status, field: err.field }
        : { message: (err as Error).message };
    return { id, ok: false, error, rss: process.memoryUsage.rss() };
  }
}

process.on('message', (request: WorkerRequest) => {
  void answer(request).then((reply) => process.send!(reply));
});
process.on('disconnect', () => process.exit(0));
