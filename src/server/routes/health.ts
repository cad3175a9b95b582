/**
 * GET /healthz for a process manager or a load balancer (OPS-7):
 * - 200 `{ ok: true, revision, publishedAt }` when the database answers and a site is published
 *   (`revision`: the catalogue revision being served; `publishedAt`: ISO time of that publish,
 *   the global data object's `publishedAt`);
 * - 503 `{ ok: false, error }` otherwise (while the first start seeds the demo, or the database
 *   cannot be read). Never cached; names no path, secret or configuration.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { PUBLISHED_RE } from '../publish/publisher.js';
import { API } from '../../shared/routes.js';
import { ApiError } from '../errors.js';

/** 503 `{ ok: false, error }` (OPS-7), answered by the app's error handler. */
function unavailable(message: string): ApiError {
  return new ApiError(503, message, { extra: { ok: false } });
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(API.health, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      ctx.db.prepare('SELECT 1').get();
    } catch (err) {
      req.log.error({ err }, 'health check: the database does not answer');
      throw unavailable('The database does not answer.');
    }
    const dir = ctx.publisher.currentDir();
    const name = dir === undefined ? '' : path.basename(dir);
    if (!PUBLISHED_RE.test(name)) {
      throw unavailable('The site is not published yet.');
    }
    // A published folder is named "{revision}-{publish time in ms}" (publisher.ts).
    const [revision, ms] = name.split('-').map(Number) as [number, number];
    return { ok: true, revision, publishedAt: new Date(ms).toISOString() };
  });
}
