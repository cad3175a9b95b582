/**
 * The owner's revision history (SAF-3, SAF-5, SAF-6), owner only (session and same-origin check,
 * auth/guard.ts):
 * - GET  /api/revisions?before={n}&limit={k} → 200 { revisions: [{ revision, createdAt, author,
 *   summary }] }, newest first; `before` (optional, whole number ≥ 1) lists only older revisions,
 *   `limit` (optional, 1 to MAX_LIMIT, default DEFAULT_LIMIT) caps how many. A bad value → 400
 *   naming the field.
 * - POST /api/revisions/{n}/restore → 200 { revision: the new id }: revision n's catalogue saved
 *   as a new revision by the restoring owner, then published. Unknown (or pruned) n → 404; a
 *   stored catalogue that today's rules (site-data.ts) refuse → 422, nothing stored.
 * Refusals are thrown as ApiError (errors.ts): JSON { error: "sentence", field }.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RestoreAnswer, RevisionsAnswer } from '../../shared/api-types.js';
import type { AppContext } from '../context.js';
import { applyRetentionAfterSave } from '../store/retention.js';
import { siteDataSchema } from '../../shared/site-data.js';
import { getRevision, listRevisions, restoreRevision } from '../store/revisions.js';
import { ApiError, badRequest, notFound, schemaRefusal } from '../errors.js';
import { API } from '../../shared/routes.js';

/** Revisions listed when `limit` is not given. */
const DEFAULT_LIMIT = 20;
/** Most revisions one call lists. */
const MAX_LIMIT = 100;

/** A whole number ≥ 1 in decimal digits, or undefined. */
function positiveInt(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : undefined;
}

export async function revisionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A restore takes no body; a client that sends an empty JSON one is not refused for it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, _body, done) => {
    done(null, undefined);
  });

  app.get(API.revisions, { permission: 'content', config: { cache: 'no-store' } }, async (req) => {
    const query = req.query as Record<string, unknown>;
    let before: number | undefined;
    if (query.before !== undefined) {
      before = positiveInt(query.before);
      if (before === undefined) {
        throw badRequest('before', 'before must be a revision number (1 or more).');
      }
    }
    let limit = DEFAULT_LIMIT;
    if (query.limit !== undefined) {
      const n = positiveInt(query.limit);
      if (n === undefined || n > MAX_LIMIT) {
        throw badRequest('limit', `limit must be a whole number from 1 to ${MAX_LIMIT}.`);
      }
      limit = n;
    }
    return { revisions: listRevisions(ctx.db, { before, limit }) } satisfies RevisionsAnswer;
  });

  async function restore(req: FastifyRequest) {
    const raw = (req.params as { n: string }).n;
    const n = positiveInt(raw);
    if (n === undefined) throw badRequest('revision', 'The revision must be a number (1 or more).');
    const gone = () => notFound('revision', `There is no revision ${n} (or it is no longer kept).`);
    const old = getRevision(ctx.db, n);
    if (!old) throw gone();
    // Stored under the rules of its day: one the current rules refuse would leave a latest
    // revision that no edit could be based on.
    const valid = siteDataSchema.safeParse(old.data);
    if (!valid.success) {
      const why = schemaRefusal(valid.error).message;
      throw new ApiError(422, `Revision ${n} cannot be restored: ${why}.`, { field: 'revision' });
    }
    const revision = restoreRevision(ctx.db, n, req.owner ?? 'unknown', ctx.clock());
    if (revision === undefined) throw gone();
    req.log.info({ restored: n, revision }, 'revision restored');
    applyRetentionAfterSave(ctx, req.log);
    try {
      await ctx.publisher.publish();
    } catch (err) {
      req.log.error({ err }, 'publish after restore failed');
      throw new ApiError(
        500,
        `Revision ${n} was restored as revision ${revision}, but publishing it failed: try Generate again.`,
        { field: 'server' },
      );
    }
    return { revision } satisfies RestoreAnswer;
  }
  app.post(API.restore, { permission: 'restoreRevision' }, restore);
}
