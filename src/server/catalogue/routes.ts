/**
 * The owner's three calls (API-1..API-3), on the spec's exact paths and on clean aliases:
 * - POST /api/import(.php): body = the whole data object as JSON → 200 { revision }
 * - GET /api/genproperties.php, POST /api/generate: publish the latest revision → 200 { revision, pages, ms }
 * - POST /api/upload(.php): multipart, field `file` named "{id}.{extension}" → 200 { name, width, height }
 * Every refusal is thrown as an ApiError (errors.ts: JSON { error: "sentence", field:
 * "path.to.field" }) and stores nothing. The write guard and the owner check run on onRequest,
 * before any body is read, so an anonymous or cross-site caller or a wrong content type gets
 * 401/403/415 without the server parsing (or buffering) what it sent.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { GenerateAnswer, ImportAnswer, UploadAnswer } from '../../shared/api-types.js';
import { API } from '../../shared/routes.js';
import { importSchema, type SiteData } from '../../shared/site-data.js';
import { firstRateChange } from '../../shared/catalogue.js';
import { refusalOf, roleMay } from '../../shared/permissions.js';
import type { AppContext } from '../context.js';
import { latestRevision, saveRevision, StaleRevisionError } from '../store/revisions.js';
import { ApiError, badRequest, schemaRefusal, unsupportedType } from '../errors.js';
import { applyRetentionAfterSave } from '../store/retention.js';
import { staleAnswer } from './stale-answer.js';
import { sanitizeDescription } from '../sanitize.js';
import { checkUploadName, ImageError, MAX_UPLOAD_BYTES } from '../images/image-rules.js';
import { storePhoto } from '../images/pipeline.js';

/** 413 for a photo over MAX_UPLOAD_BYTES (OPS-3). */
function tooLarge(): ApiError {
  return new ApiError(413, `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, {
    field: 'file',
  });
}

/**
 * A failure to read the multipart body: @fastify/multipart's own 4xx as it is (the error handler
 * words it), anything else (busboy's "Unexpected end of form", a malformed part header, a client
 * that went away) a 400: the body, not the server, is at fault (HTTP-1).
 */
function unreadableForm(err: unknown): unknown {
  const status = (err as Partial<FastifyError>).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return err;
  return badRequest(
    'file',
    'The form could not be read (cut short or malformed); send the photo again.',
  );
}

/** An image refusal (images/image-rules.ts) as the API's error. */
function fromImageError(err: ImageError): ApiError {
  return new ApiError(err.status, err.message, { field: err.field });
}

export async function apiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // busboy would otherwise reduce "../../x.jpg" to "x.jpg"; we want to see, and refuse, the real name.
  await app.register(multipart, {
    preservePath: true,
    // One byte over the largest accepted size, so that a file cut at the limit is also too long,
    // and a file of exactly MAX_UPLOAD_BYTES is never flagged `truncated`.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });

  async function importData(req: FastifyRequest) {
    const parsed = importSchema.safeParse(req.body);
    if (!parsed.success) throw schemaRefusal(parsed.error);
    // parsed.data is zod's fresh copy of the body, safe to clean in place.
    const data: SiteData = parsed.data;
    for (const p of data.propertyList) p.description = sanitizeDescription(p.description);
    const role = req.role ?? 'owner';
    const rateChange = roleMay(role, 'rates')
      ? undefined
      : firstRateChange(latestRevision(ctx.db)?.data, data);
    if (rateChange !== undefined) {
      throw new ApiError(403, `${refusalOf(role, 'rates')} (${rateChange})`, { field: 'rates' });
    }
    try {
      const revision = saveRevision(ctx.db, data, req.owner ?? 'unknown', ctx.clock());
      applyRetentionAfterSave(ctx, req.log);
      return { revision } satisfies ImportAnswer;
    } catch (err) {
      if (err instanceof StaleRevisionError) throw staleAnswer(ctx.db, err, data);
      throw err;
    }
  }

  async function generate(req: FastifyRequest) {
    if (!latestRevision(ctx.db)) {
      throw new ApiError(409, 'There is nothing to publish: no catalogue is stored yet.', {
        field: 'revision',
      });
    }
    try {
      const { revision, pages, ms } = await ctx.publisher.publish();
      return { revision, pages, ms } satisfies GenerateAnswer;
    } catch (err) {
      req.log.error({ err }, 'publish failed');
      throw new ApiError(
        500,
        'Publishing failed; the site still shows what was published before. Try again in a moment.',
        { field: 'server' },
      );
    }
  }

  async function upload(req: FastifyRequest) {
    // Only a request without a body gets here unmarked: the write guard refused other types.
    if (!req.isMultipart()) throw unsupportedType('multipart/form-data');
    let part;
    try {
      part = await req.file();
    } catch (err) {
      throw unreadableForm(err);
    }
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw badRequest('file', 'Send the photo in the form field "file".');
    }
    try {
      checkUploadName(part.filename);
    } catch (err) {
      part.file.resume();
      if (err instanceof ImageError) throw fromImageError(err);
      throw err;
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as FastifyError).statusCode === 413) throw tooLarge();
      throw unreadableForm(err);
    }
    // busboy flags a file `truncated` only when bytes past its limit arrive. When the bytes up to
    // the limit came in a read of their own and toBuffer had already taken them, toBuffer, which
    // looks at the flag only as each chunk comes in, returns the cut file without an error. By the
    // time the stream has ended the flag is set, so it is read again here (OPS-3).
    if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
    try {
      return (await storePhoto(ctx, bytes, part.filename)) satisfies UploadAnswer;
    } catch (err) {
      if (err instanceof ImageError) throw fromImageError(err);
      throw err;
    }
  }

  for (const url of [API.import, API.importAlias])
    app.post(url, { permission: 'content' }, importData);
  app.get(API.generate, { permission: 'content' }, generate);
  app.post(API.generatePost, { permission: 'content' }, generate);
  for (const url of [API.upload, API.uploadAlias]) {
    app.post(url, { permission: 'content', config: { body: 'multipart' } }, upload);
  }
}
