/**
 * The owner's three calls (spec §7, issue 3), on the spec's exact paths and on clean aliases:
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
import { API } from '../../shared/routes.js';
import { PHOTO_NAME_RE, siteDataSchema, type SiteData } from '../../shared/site-data.js';
import type { AppContext } from '../context.js';
import { requireOwner } from '../auth/guard.js';
import { saveRevision, StaleRevisionError } from '../store/revisions.js';
import { sanitizeDescription } from '../sanitize.js';
import { ImageError, MAX_UPLOAD_BYTES, storePhoto } from '../images/pipeline.js';

/** The 409 sentence shown to an owner whose page is behind the stored catalogue (issue 3). */
export const STALE_MESSAGE =
  'Someone else published changes since you loaded this page: reload the page and make your change again.';

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
function sendError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
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

export async function apiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const owner = requireOwner(ctx.db);
  // busboy would otherwise reduce "../../x.jpg" to "x.jpg"; we want to see, and refuse, the real name.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });
  app.setErrorHandler(sendError);

  async function importData(req: FastifyRequest, reply: FastifyReply) {
    if (!isJson(req)) {
      return reply
        .code(415)
        .send({ error: 'Send the catalogue as application/json.', field: 'content-type' });
    }
    const parsed = siteDataSchema.safeParse(req.body);
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
      return { revision };
    } catch (err) {
      if (err instanceof StaleRevisionError) {
        return reply
          .code(409)
          .send({ error: STALE_MESSAGE, field: 'revision', latest: err.latest });
      }
      throw err;
    }
  }

  async function generate(req: FastifyRequest, reply: FastifyReply) {
    try {
      const { revision, pages, ms } = await ctx.publisher.publish();
      return { revision, pages, ms };
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
    if (!PHOTO_NAME_RE.test(part.filename)) {
      part.file.resume();
      return reply.code(400).send({
        error: 'The file name must be "{id}.{extension}" with letters, digits and "-" only.',
        field: 'file.filename',
      });
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as FastifyError).statusCode === 413) {
        return reply.code(413).send({
          error: `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
          field: 'file',
        });
      }
      throw err;
    }
    try {
      return await storePhoto(ctx, bytes, part.filename);
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
