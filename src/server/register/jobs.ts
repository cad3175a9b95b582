/**
 * The register's timed work (REG-7, REG-8): the one Form III reminder at arrival + 12 hours and
 * the erasure REGISTER_DAYS after departure, checked at start and every EVERY_MS, like the
 * bookings' jobs. The log names counts only, never a guest.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RegisterService } from './service.js';
import { MINUTE_MS } from '../../shared/instants.js';
import type { DataClass } from '../privacy/retention.js';

/** The classes of the retention table this job erases (PRIV-1). */
export const REGISTER_ERASES: readonly DataClass[] = ['register'];

const EVERY_MS = 5 * MINUTE_MS;

/** Runs both checks now and every EVERY_MS; returns the stop. A failure is logged and tried again. */
export function scheduleRegister(register: RegisterService, log: FastifyBaseLogger): () => void {
  const run = () => {
    try {
      const reminded = register.remindDue();
      const erased = register.eraseOld();
      if (reminded + erased > 0)
        log.info({ reminded, erased }, 'Form III reminders enqueued, register entries erased');
    } catch (err) {
      log.error({ err }, 'the register’s reminders or erasure failed');
    }
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
