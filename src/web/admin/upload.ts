/**
 * Photo upload (API-3): POST /api/upload.php, multipart form data whose field `file` carries the
 * image under its new unique name (FLOW-2, uploadName). XMLHttpRequest rather than fetch because
 * only it reports upload progress, which the per-file progress bar shows (PHO-3). Same-origin, so
 * the session cookie goes with it as with fetch's credentials: 'same-origin'.
 *
 * The spec's page never read the answer; this one does, so a photo the server refused (401, 413,
 * 415, 422 ...) is not added to the catalogue.
 */
import { API } from '../../shared/routes.js';
import type { CallResult } from './flush.js';

/**
 * The server refuses a photo over 25 MB (OPS-3, images/pipeline.ts MAX_UPLOAD_BYTES); a file over
 * it is not sent at all, which spares a phone's data and tells the owner at once (PHO-3).
 */
export const UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;

/** PHO-3: why a file is not sent, or undefined when it may be. */
export function uploadRefusal(file: Blob): string | undefined {
  if (file.size <= UPLOAD_LIMIT_BYTES) return undefined;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1).replace(/\.0$/, '');
  return `This file is too large (${mb(file.size)} MB): a photo can be at most ${mb(UPLOAD_LIMIT_BYTES)} MB.`;
}

/**
 * Uploads one file as `name`. `onProgress(fraction)` gets 0..1 as bytes are sent.
 * Resolves with the status (0 when the server could not be reached) and the server's error
 * sentence on failure; never rejects.
 */
export function uploadFile(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  url: string = API.upload,
): Promise<CallResult> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('file', file, name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) {
        onProgress(1);
        resolve({ status: xhr.status, ok });
        return;
      }
      let error: string | undefined;
      try {
        const body: unknown = JSON.parse(xhr.responseText);
        if (
          body &&
          typeof body === 'object' &&
          typeof (body as { error?: unknown }).error === 'string'
        ) {
          error = (body as { error: string }).error;
        }
      } catch {
        error = undefined;
      }
      resolve({ status: xhr.status, ok, ...(error === undefined ? {} : { error }) });
    });
    const failed = () =>
      resolve({ status: 0, ok: false, error: 'The server could not be reached.' });
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    xhr.send(form);
  });
}
