/**
 * GET /healthz for a process manager or a load balancer (OPS-7):
 * - 200 `{ ok: true, revision, publishedAt }` when the database answers and a site is published
 *   (`revision`: the catalogue revision being served; `publishedAt`: ISO time of that publish), as the publisher's folder target tells; with
 *   PUBLISH_TARGET, `bucket` is the bucket's `{ revision, publishedAt }` or `{ error }` (CDN-7);
 *   with BACKUP_TARGET, `backup` is `{ lastCopyAt, lagSeconds }` or `{ error }` (BACKUP-4);
 *   `jobs` lists each timed job's last run, last success, last error (its code or class name
 *   only) and next due time, in declared order (JOB-4);
 * - 503 `{ ok: false, error }` otherwise (while the first start seeds the demo, or the database
 *   cannot be read). Never cached; names no path, secret or configuration.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { API } from '../../shared/routes.js';
import { ApiError } from '../errors.js';
import type { JobRunner } from '../jobs/runner.js';

/** 503 `{ ok: false, error }` (OPS-7), answered by the app's error handler. */
function unavailable(message: string): ApiError {
  return new ApiError(503, message, { extra: { ok: false } });
}

/** How long health waits for the bucket before saying it could not be read. */
const BUCKET_TIMEOUT_MS = 3000;

/** BACKUP-4: `backup: { lastCopyAt, lagSeconds }` or `{ error }` when BACKUP_TARGET is set. */
function backupAnswer(ctx: AppContext) {
  const status = ctx.backup?.status();
  if (!status?.configured) return {};
  if (status.error) return { backup: { error: status.error } };
  return { backup: { lastCopyAt: status.lastCopyAt ?? null, lagSeconds: status.lagSeconds } };
}

export async function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  /** The job runner (JOB-4): each job's last run, last success and last error. */
  runner: Pick<JobRunner, 'health'>,
): Promise<void> {
  app.get(API.health, { config: { cache: 'no-store' } }, async (req) => {
    try {
      ctx.db.prepare('SELECT 1').get();
    } catch (err) {
      req.log.error({ err }, 'health check: the database does not answer');
      throw unavailable('The database does not answer.');
    }
    const served = ctx.publisher.serving();
    if (!served) {
      throw unavailable('The site is not published yet.');
    }
    const answer = {
      ok: true,
      revision: served.revision,
      publishedAt: served.publishedAt,
      ...backupAnswer(ctx),
      jobs: runner.health(),
    };
    if (!ctx.publisher.bucket) return answer;
    // CDN-7: the server is healthy whatever the bucket says; the bucket's state is told beside it.
    try {
      const site = await Promise.race([
        ctx.publisher.bucket.current(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), BUCKET_TIMEOUT_MS).unref(),
        ),
      ]);
      return {
        ...answer,
        bucket: site
          ? { revision: site.revision, publishedAt: site.publishedAt }
          : { error: 'Nothing is published to the bucket yet.' },
      };
    } catch (err) {
      req.log.warn({ err }, 'health check: the bucket could not be read');
      return { ...answer, bucket: { error: 'The bucket could not be read.' } };
    }
  });
}
