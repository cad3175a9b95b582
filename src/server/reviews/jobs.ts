/**
 * The reviews' timed work (REV-3, REV-4): publishes the pending reviews whose 72 hours have passed,
 * and when what the site shows of the reviews changed (a review published, hidden, withdrawn, a
 * reply: the service's change listener; at start, a change stored after the publish now served)
 * publishes the served revision again, so the pages follow without publishing the owner's
 * unpublished edits. Runs when the job runner runs it (`reviews` in ../compose.ts's timed jobs,
 * decision 042) and at once after each change. The log names counts only.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { ReviewService } from './service.js';
import { lastChange } from './store.js';

/** The job; returns its stop and `run` (now; the runner and tests await it). A failure is logged and tried again. */
export function scheduleReviews(
  reviews: ReviewService,
  ctx: AppContext,
  log: FastifyBaseLogger,
): { stop: () => Promise<void>; run: () => Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  const startServed = ctx.publisher.serving();
  const startChange = lastChange(ctx.db);
  let dirty =
    startServed !== undefined && startChange !== undefined && startChange > startServed.publishedAt;
  const once = async () => {
    reviews.publishDue();
    const served = ctx.publisher.serving();
    if (!dirty || !served) return;
    dirty = false;
    try {
      const result = await ctx.publisher.publish({ revision: served.revision });
      log.info({ revision: result.revision }, 'reviews changed: site published again');
    } catch (err) {
      dirty = true;
      throw err;
    }
  };
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await once();
        } catch (err) {
          log.error({ err }, 'publishing the reviews failed');
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  let stopped = false;
  reviews.onChange(() => {
    dirty = true;
    if (!stopped) setImmediate(() => void run());
  });
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
    run,
  };
}
