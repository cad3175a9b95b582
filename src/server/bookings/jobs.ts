/**
 * The bookings' timed work (BOOK-9): unanswered requests expire after BOOKING_REQUEST_HOURS and
 * guest data is erased GUEST_DATA_DAYS after check-out, checked at start and every EVERY_MS, like
 * the calendar sync's schedule (calendar/sync.ts). The log names counts only, never a guest.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BookingService } from './service.js';
import { MINUTE_MS } from '../../shared/instants.js';
import type { DataClass } from '../privacy/retention.js';

/** The classes of the retention table this job erases (PRIV-1): contacts and their mail. */
export const BOOKING_ERASES: readonly DataClass[] = ['booking-contacts', 'mail'];

/** How often expiry and erasure are checked: a request expires at most this late. */
const EVERY_MS = 5 * MINUTE_MS;

export class BookingJobs {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly service: BookingService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs both checks now and then every EVERY_MS. */
  start(): void {
    this.run();
    this.timer = setInterval(() => this.run(), EVERY_MS);
    this.timer.unref();
  }

  /** Expires what is due and erases what is due; a failure is logged and tried again next time. */
  run(): void {
    try {
      const expired = this.service.expireStale();
      const erased = this.service.eraseOld();
      if (expired + erased > 0)
        this.log.info({ expired, erased }, 'booking requests expired, guest data erased');
    } catch (err) {
      this.log.error({ err }, 'booking expiry or erasure failed');
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
