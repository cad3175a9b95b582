/**
 * The one way the server answers a refusal or a failure (HTTP-1, decision 009): routes and hooks
 * throw an ApiError; the app's error handler (`errorHandler`, set once in app.ts) turns it, and
 * every error Fastify or a plugin throws (bad JSON, body too large, wrong content type ...), into
 * JSON `{ error: "<plain words>", field?: "<name>" }` with its status. A 5xx never carries the
 * thrown error's text (a stack, an SQL message, a library's words): it is logged, and the client
 * reads a fixed sentence.
 * The not-found side (`ApiRouteTable`): an unknown /api path is 404, a known one asked with
 * another method 405 with `Allow` (RFC 9110 §15.5.6).
 */
import type { FastifyError, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_PREFIX } from '../shared/routes.js';

/** Statuses the API answers with. */
export type ApiStatus =
  | 400
  | 401
  | 403
  | 404
  | 405
  | 406
  | 408
  | 409
  | 410
  | 413
  | 414
  | 415
  | 422
  | 429
  | 431
  | 500
  | 502
  | 503;

/** What an ApiError may carry besides its status and words. */
export interface ApiErrorOptions {
  /** The request part at fault: a body path ("propertyList.0.name"), "file", "origin" ... */
  field?: string;
  /**
   * More JSON fields of the answer, for a refusal the client acts on (SAF-6's `latest`, `based`,
   * `yourChanges`; AUTH-3's `retryAfter`). `error` and `field` cannot be overridden.
   */
  extra?: Record<string, unknown>;
  /** Response headers (`Allow`, `Retry-After` ...). */
  headers?: Record<string, string>;
}

/** A refusal or failure a route throws; `message` is shown to the owner or visitor as it is. */
export class ApiError extends Error {
  readonly status: ApiStatus;
  readonly field?: string;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  constructor(status: ApiStatus, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = options.field;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

/** 400: `field` of the request is not acceptable; `message` says why, in plain words. */
export function badRequest(field: string, message: string): ApiError {
  return new ApiError(400, message, { field });
}

/** What of a zod issue the translator reads (zod's `$ZodIssue`, without importing zod here). */
interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

/**
 * The one translation of a failed zod parse into an ApiError (HTTP-1, decision 009, STAY-1): its
 * first issue, `field` the issue's path joined by dots (an unknown key's name appended; `body`
 * for the whole body), the words `"{field}: {message}"`, the schema's message saying what is
 * wrong with that field. `status` is 400 unless the caller says otherwise.
 */
export function schemaRefusal(
  error: { issues: readonly SchemaIssue[] },
  status: ApiStatus = 400,
): ApiError {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map(String);
  if (issue?.code === 'unrecognized_keys' && issue.keys?.[0] !== undefined)
    path.push(issue.keys[0]);
  const field = path.length === 0 ? 'body' : path.join('.');
  return new ApiError(status, `${field}: ${issue?.message ?? 'is not valid'}`, { field });
}

/** 404: there is no such thing as `field` names. */
export function notFound(field: string, message: string): ApiError {
  return new ApiError(404, message, { field });
}

/** 415: the body is not of `type`, the one this call takes (HTTP-2). */
export function unsupportedType(type: string): ApiError {
  return new ApiError(415, `Send this call as ${type}.`, { field: 'content-type' });
}

/** The words of every 5xx whose cause is not the client's: nothing of the cause itself. */
const SERVER_FAILED = 'The server failed to do this; try again in a moment.';

/** Fastify's and its plugins' 4xx codes, in the site's words (field, message). */
const FRAMEWORK_WORDS: Record<string, [string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['body', 'The body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['body', 'The body is empty; send JSON.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'content-type',
    'Send this call with the content type it expects.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['body', 'The body is not as long as the request says.'],
  FST_ERR_CTP_INVALID_TYPE: ['content-type', 'Send this call with the content type it expects.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['content-type', 'Send this call as multipart/form-data.'],
  FST_PROTO_VIOLATION: ['body', 'The form has a part named like an object property; rename it.'],
  FST_PARTS_LIMIT: ['file', 'The form has too many parts; send one photo in the field "file".'],
  FST_FILES_LIMIT: ['file', 'Send one photo at a time.'],
  FST_FIELDS_LIMIT: ['file', 'The form has too many fields; send one photo in the field "file".'],
};

/** Plain words for a status no more specific error names. */
const STATUS_WORDS: Partial<Record<number, string>> = {
  400: 'The request is not valid.',
  401: 'Log in first.',
  403: 'This request is refused.',
  404: 'There is no such API call.',
  405: 'This API call does not take this method.',
  408: 'The request took too long to arrive.',
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'Send this call with the content type it expects.',
  429: 'Too many requests; try again later.',
  431: 'The request headers are too large.',
};

/** Largest body (bytes) of the request's route, as "5 MB" or "16 KB". */
function limitOf(req: FastifyRequest): string {
  const bytes = req.routeOptions.bodyLimit;
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Any thrown value as the ApiError to answer with. A 4xx Fastify error keeps its status and gets
 * the site's words; anything else (a bug, SQLite, the file system, a library) is a 500.
 */
function toApiError(err: unknown, req: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  const fastifyError = err as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status < 400 || status >= 500) return new ApiError(500, SERVER_FAILED, { field: 'server' });
  const words = FRAMEWORK_WORDS[fastifyError.code ?? ''];
  if (words) return new ApiError(status as ApiStatus, words[1], { field: words[0] });
  if (status === 413) {
    // The whole body over the route's limit (a photo over its own limit is the upload route's).
    const field = req.headers['content-type']?.startsWith('multipart/') ? 'file' : 'body';
    return new ApiError(413, `This is larger than the ${limitOf(req)} accepted.`, { field });
  }
  const message = STATUS_WORDS[status] ?? 'The request is refused.';
  return new ApiError(status as ApiStatus, message, status === 400 ? { field: 'body' } : {});
}

/**
 * The app's one error handler (HTTP-1): logs an error no route chose (a 5xx's cause), then answers
 * `{ error, field?, ...extra }` with the error's status and headers, never cached.
 */
export function errorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError = toApiError(err, req);
  // A thrown ApiError is a decision the route made (and logged if it mattered); anything else is not.
  if (apiError.status >= 500 && !(err instanceof ApiError))
    req.log.error({ err }, 'request failed');
  if (apiError.headers) void reply.headers(apiError.headers);
  return reply
    .code(apiError.status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({
      ...apiError.extra,
      error: apiError.message,
      ...(apiError.field === undefined ? {} : { field: apiError.field }),
    });
}

/**
 * Fastify's `frameworkErrors` (HTTP-1): errors its router raises before any route or hook runs (a
 * malformed percent-encoding in the path, FST_ERR_BAD_URL) answered in the one error shape, 400
 * naming `url`, rather than Fastify's own body.
 */
export function frameworkErrors(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const refusal =
    err.code === 'FST_ERR_BAD_URL'
      ? new ApiError(400, 'This address has a broken %-escape: check the link.', { field: 'url' })
      : err;
  return errorHandler(refusal, req, reply);
}

/** Methods in the order an `Allow` header lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Request path without its query. */
function pathOf(req: FastifyRequest): string {
  const query = req.url.indexOf('?');
  return query === -1 ? req.url : req.url.slice(0, query);
}

/** True for a request to the API (every path under /api/). */
export function isApiRequest(req: FastifyRequest): boolean {
  return pathOf(req).startsWith(API_PREFIX);
}

/**
 * The API's routes and their methods, filled by app.ts's `onRoute` hook, to tell an unknown /api
 * path (404) from a known one asked with another method (405 and `Allow`).
 */
export class ApiRouteTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  /** An `onRoute` hook: records every route under /api/ (Fastify's `:name` parameters, `*`). */
  readonly add = (route: RouteOptions): void => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const source = route.url
      .split('/')
      .map((part) =>
        part.startsWith(':')
          ? '[^/]+'
          : part === '*'
            ? '.*'
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let entry = this.routes.find((r) => r.pattern.source === `^${source}$`);
    if (!entry) {
      entry = { pattern: new RegExp(`^${source}$`), methods: new Set() };
      this.routes.push(entry);
    }
    for (const method of methods) entry.methods.add(method);
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
  };

  /** The methods the API answers on `path`, in `Allow` order; none for an unknown path. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    }
    return METHODS.filter((m) => methods.has(m));
  }

  /**
   * The refusal of a request no route answers: on an /api path, 405 with `Allow` when the path
   * is known, else 404; elsewhere 404 (pages have their own HTML 404, publish/page-routes.ts).
   */
  notFound(req: FastifyRequest): ApiError {
    if (!isApiRequest(req)) return notFound('path', 'There is no such page.');
    const allowed = this.allowed(pathOf(req));
    if (allowed.length === 0) return notFound('path', 'There is no such API call.');
    return new ApiError(405, `This API call takes ${allowed.join(', ')}, not ${req.method}.`, {
      field: 'method',
      headers: { allow: allowed.join(', ') },
    });
  }
}
