/**
 * Photo upload (API-3): POST /api/upload.php, multipart form data whose field `file` carries the
 * image under its new unique name (FLOW-2, uploadName). XMLHttpRequest rather than fetch because
 * only it reports upload progress, which the per-file progress bar shows (PHO-3); its answer is
 * read by web/api-fetch.ts answerOf like every other. Same-origin, so the session cookie goes with it.
 *
 * The spec's page never read the answer; this one does, so a photo the server refused (401, 413,
 * 415, 422 ...) is not added to the catalogue.
 */
import type { UploadAnswer } from '../../../shared/api-types.js';
import { API } from '../../../shared/routes.js';
import { answerOf, apiUrl, type ApiResult } from '../../api-fetch.js';

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
 * Uploads one file as `name`. `onProgress(fraction)` gets 0..1 as bytes are sent, and 1 once the
 * photo is stored. `base` is the API's origin ('' is the page's own server). XMLHttpRequest,
 * since fetch does not report upload progress; the answer is read by answerOf, as every API
 * answer is. Never rejects.
 */
export function uploadFile(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  base = '',
): Promise<ApiResult<UploadAnswer>> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('file', file, name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(API.upload, { base }));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const result = answerOf<UploadAnswer, object>(xhr.status, body);
      if (result.ok) onProgress(1);
      resolve(result);
    });
    const failed = () => resolve(answerOf(0, undefined));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    xhr.send(form);
  });
}
