/**
 * The privacy desk's timed work (PRIV-1 "privacy-requests"): unopened requests whose link expired,
 * summaries past their 7 days, requests answered a year ago and the desk's sent mail are erased,
 * checked at start and every EVERY_MS, like the bookings' jobs. The log names counts only.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PrivacyService } from './service.js';
import { MINUTE_MS } from '../../shared/instants.js';
import type { DataClass } from './retention.js';

/** The classes of the retention table this job erases (PRIV-1). */
export const PRIVACY_ERASES: readonly DataClass[] = ['privacy-requests'];

const EVERY_MS = 5 * MINUTE_MS;

/** Runs the sweep now and every EVERY_MS; returns the stop. A failure is logged and tried again. */
export function schedulePrivacy(privacy: PrivacyService, log: FastifyBaseLogger): () => void {
  const run = () => {
    try {
      const erased = privacy.sweep();
      if (erased > 0)
        log.info({ erased }, 'privacy requests, summaries or sent privacy mail erased');
    } catch (err) {
      log.error({ err }, 'the privacy desk’s sweep failed');
    }
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
