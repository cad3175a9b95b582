/**
 * The owner's three calls (API-1..API-3), on the spec's exact paths and on clean aliases:
 * - POST /api/import(.php): body = the whole data object as JSON → 200 { revision }
 * - GET /api/genproperties.php, POST /api/generate: publish the latest revision → 200 { revision, pages, ms }
 * - POST /api/upload(.php): multipart, field `file` named "{id}.{extension}" → 200 { name, width, height }
 * Every refusal is JSON { error: "sentence", field: "path.to.field" } and stores nothing.
 * The owner check runs on onRequest, before any body is read, so an anonymous or cross-site caller
 * gets 401/403 without the server parsing (or buffering) what it sent.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import type { GenerateAnswer, ImportAnswer, UploadAnswer } from '../../shared/api-types.js';
import { API } from '../../shared/routes.js';
import { importSchema, type SiteData } from '../../shared/site-data.js';
import type { AppContext } from '../context.js';
import { requireOwner } from '../auth/guard.js';
import { saveRevision, StaleRevisionError } from '../store/revisions.js';
import { applyRetentionAfterSave } from '../store/retention.js';
import { staleAnswer } from './stale-answer.js';
import { sanitizeDescription } from '../sanitize.js';
import { checkUploadName, ImageError, MAX_UPLOAD_BYTES } from '../images/image-rules.js';
import { storePhoto } from '../images/pipeline.js';

/** Dotted path of a zod issue, e.g. "propertyList.0.photos.1.name"; "body" for the whole body. */
function fieldOf(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  return path.length === 0 ? 'body' : path.join('.');
}

function isJson(req: FastifyRequest): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** Framework errors (body too large, bad JSON, wrong media type ...) as the team's JSON shape. */
export function sendError(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err }, 'api call failed');
    return reply
      .code(500)
      .send({ error: 'The server failed to do this; try again in a moment.', field: 'server' });
  }
  if (status === 413) {
    const bytes = req.isMultipart() ? MAX_UPLOAD_BYTES : req.routeOptions.bodyLimit;
    const limit = `${Math.round(bytes / 1024 / 1024)} MB`;
    return reply.code(413).send({
      error: `This is larger than the ${limit} accepted.`,
      field: req.isMultipart() ? 'file' : 'body',
    });
  }
  if (status === 415) {
    return reply
      .code(415)
      .send({ error: 'Send this call with the content type it expects.', field: 'content-type' });
  }
  if (status === 400 && (err instanceof SyntaxError || err.code?.startsWith('FST_ERR_CTP'))) {
    return reply.code(400).send({ error: 'The body is not valid JSON.', field: 'body' });
  }
  return reply.code(status).send({ error: err.message, field: 'body' });
}

function tooLarge(reply: FastifyReply): FastifyReply {
  return reply.code(413).send({
    error: `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
    field: 'file',
  });
}

export async function apiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const owner = requireOwner(ctx.db, ctx.config.site);
  // busboy would otherwise reduce "../../x.jpg" to "x.jpg"; we want to see, and refuse, the real name.
  await app.register(multipart, {
    preservePath: true,
    // One byte over the largest accepted size, so that a file cut at the limit is also too long,
    // and a file of exactly MAX_UPLOAD_BYTES is never flagged `truncated`.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });
  app.setErrorHandler(sendError);

  async function importData(req: FastifyRequest, reply: FastifyReply) {
    if (!isJson(req)) {
      return reply
        .code(415)
        .send({ error: 'Send the catalogue as application/json.', field: 'content-type' });
    }
    const parsed = importSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue ? fieldOf(issue) : 'body';
      return reply.code(400).send({ error: `${field}: ${issue?.message ?? 'invalid'}`, field });
    }
    // parsed.data is zod's fresh copy of the body, safe to clean in place.
    const data: SiteData = parsed.data;
    for (const p of data.propertyList) p.description = sanitizeDescription(p.description);
    try {
      const revision = saveRevision(ctx.db, data, req.owner ?? 'unknown');
      applyRetentionAfterSave(ctx, req.log);
      return { revision } satisfies ImportAnswer;
    } catch (err) {
      if (err instanceof StaleRevisionError) {
        return reply.code(409).send(staleAnswer(ctx.db, err, data));
      }
      throw err;
    }
  }

  async function generate(req: FastifyRequest, reply: FastifyReply) {
    try {
      const { revision, pages, ms } = await ctx.publisher.publish();
      return { revision, pages, ms } satisfies GenerateAnswer;
    } catch (err) {
      req.log.error({ err }, 'publish failed');
      return reply.code(500).send({ error: `Publishing failed: ${(err as Error).message}` });
    }
  }

  async function upload(req: FastifyRequest, reply: FastifyReply) {
    if (!req.isMultipart()) {
      return reply
        .code(415)
        .send({ error: 'Send the photo as multipart/form-data.', field: 'content-type' });
    }
    const part = await req.file();
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      return reply
        .code(400)
        .send({ error: 'Send the photo in the form field "file".', field: 'file' });
    }
    try {
      checkUploadName(part.filename);
    } catch (err) {
      part.file.resume();
      if (err instanceof ImageError)
        return reply.code(err.status).send({ error: err.message, field: err.field });
      throw err;
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as FastifyError).statusCode === 413) return tooLarge(reply);
      throw err;
    }
    // busboy flags a file `truncated` only when bytes past its limit arrive. When the bytes up to
    // the limit came in a read of their own and toBuffer had already taken them, toBuffer, which
    // looks at the flag only as each chunk comes in, returns the cut file without an error. By the
    // time the stream has ended the flag is set, so it is read again here (OPS-3).
    if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES) return tooLarge(reply);
    try {
      return (await storePhoto(ctx, bytes, part.filename)) satisfies UploadAnswer;
    } catch (err) {
      if (err instanceof ImageError)
        return reply.code(err.status).send({ error: err.message, field: err.field });
      throw err;
    }
  }

  for (const url of [API.import, API.importAlias]) app.post(url, { onRequest: owner }, importData);
  app.get(API.generate, { onRequest: owner }, generate);
  app.post(API.generatePost, { onRequest: owner }, generate);
  for (const url of [API.upload, API.uploadAlias]) app.post(url, { onRequest: owner }, upload);
}
