/**
 * The invoices that issue themselves (GST-2; CGST Rule 47): a stay's tax invoice is drafted on
 * its check-out day and, if the owner has not issued it, issued from the next day on, checked at
 * start and every EVERY_MS. The log names counts only.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GstService } from './service.js';
import { MINUTE_MS } from '../../shared/instants.js';

const EVERY_MS = 5 * MINUTE_MS;

/** Starts the schedule; returns its stop. */
export function scheduleInvoices(gst: GstService, log: FastifyBaseLogger): () => void {
  const run = () => {
    try {
      const issued = gst.issueDue();
      if (issued > 0) log.info({ issued }, 'tax invoices issued at check-out');
    } catch (err) {
      log.error({ err }, 'issuing the invoices due failed');
    }
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
