/**
 * The reviews' changes (REV-1..REV-8), each in one SQLite transaction:
 * - the guest's review of a confirmed direct stay, from check-out day to REVIEW_DAYS after it
 *   (410 after), one per booking (409 for a second): rating 1–5, text 30–2,000 characters, a
 *   display name, consent to publish (400 naming the field);
 * - publication by rule: PUBLISH_AFTER_HOURS after it arrives (publishDue), or at once by the
 *   owner; hidden only for a reason of the fixed list, the guest mailed the reason through the
 *   outbox in the same transaction; the owner's one public reply; the guest's withdrawal.
 * The guest's rating and words are never changed after they arrive: there is no call that does.
 * Every change the site shows calls the `changed` listeners (reviews/jobs.ts publishes again).
 * Time comes from `now`, so tests move it.
 */
import crypto from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../store/db.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { enqueueMail } from '../mail/store.js';
import { mailBody } from '../mail/templates.js';
import type { BookingService, Mailer } from '../bookings/service.js';
import type { LedgerService } from '../ledger/service.js';
import type { Booking } from '../../shared/bookings.js';
import { HOUR_MS, type Clock } from '../../shared/instants.js';
import { addDays, formatDate, today } from '../../shared/calendar-dates.js';
import {
  HIDE_REASONS,
  HIDE_REASON_WORDS,
  PUBLISH_AFTER_HOURS,
  REVIEW_LIMITS,
  type HideReason,
  type OwnerReview,
} from '../../shared/reviews.js';
import {
  getReview,
  insertReview,
  listReviews,
  publishDue,
  reviewOfBooking,
  setHidden,
  setPublished,
  setReply,
  setWithdrawn,
  deleteReviewOf,
} from './store.js';
import { formatCount } from '../../shared/money.js';

/** What the guest's form sends, as typed. */
export interface ReviewInput {
  rating?: string;
  text?: string;
  displayName?: string;
  consent?: string;
}

/** Whether a booking's guest may write (or withdraw) a review now, and why not. */
export type ReviewWindow =
  { open: true; closesOn: string } | { open: false; status: 404 | 409 | 410; why: string };

export class ReviewService {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'bookings' | 'mail' | 'site'>,
    private readonly mailer: Mailer,
    /** The clock (ms since the epoch); tests move it. */
    readonly now: Clock,
    /** The bookings, read through their service (decision 041). */
    private readonly bookings: Pick<BookingService, 'get'>,
    /** The stay ledger: a review received is the stay's `reviewed` (LEDGER-2). */
    private readonly ledger: Pick<LedgerService, 'recordBooking'>,
  ) {}

  /** Calls `listener` after every change of what the site shows of a review. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * REV-1: a confirmed direct stay may be reviewed from its check-out day to REVIEW_DAYS after it.
   * 409 before check-out or for a booking not confirmed (nothing to review yet), 410 after.
   */
  window(b: Booking): ReviewWindow {
    const day = today(this.now());
    if (b.status !== 'confirmed')
      return { open: false, status: 409, why: 'Only a confirmed stay can be reviewed.' };
    if (day < b.checkOut)
      return {
        open: false,
        status: 409,
        why: `You can review your stay from your check-out day, ${formatDate(b.checkOut)}.`,
      };
    const closesOn = addDays(b.checkOut, this.config.bookings.reviewDays);
    if (day > closesOn)
      return {
        open: false,
        status: 410,
        why: `Reviews of a stay can be written up to ${this.config.bookings.reviewDays} days after check-out; this one closed on ${formatDate(closesOn)}.`,
      };
    return { open: true, closesOn };
  }

  /** The booking's review, or undefined. */
  ofBooking(bookingId: string): OwnerReview | undefined {
    return reviewOfBooking(this.db, bookingId);
  }

  /**
   * Stores the guest's review (REV-1, REV-2): 400 naming `rating`, `text`, `displayName` or
   * `consent`; 409 for a second review of the booking; 409/410 outside the window. Pending until
   * PUBLISH_AFTER_HOURS later.
   */
  submit(b: Booking, input: ReviewInput): OwnerReview {
    const rating = (input.rating ?? '').trim();
    if (!/^[1-5]$/.test(rating)) throw badRequest('rating', 'Choose a rating from 1 to 5 stars.');
    const text = (input.text ?? '').replace(/\r\n?/g, '\n').trim();
    if ([...text].length < REVIEW_LIMITS.textMin || [...text].length > REVIEW_LIMITS.textMax)
      throw badRequest(
        'text',
        `Write your review in ${REVIEW_LIMITS.textMin} to ${formatCount(REVIEW_LIMITS.textMax)} characters (you wrote ${[...text].length}).`,
      );
    const displayName = (input.displayName ?? '').replace(/\s+/g, ' ').trim();
    if (displayName === '' || [...displayName].length > REVIEW_LIMITS.nameMax)
      throw badRequest(
        'displayName',
        `Give the name shown with your review (at most ${REVIEW_LIMITS.nameMax} characters).`,
      );
    if (input.consent !== 'yes')
      throw badRequest('consent', 'Tick the box to agree that your review is published.');
    const now = this.now();
    return this.db
      .transaction(() => {
        const w = this.window(b);
        if (!w.open) throw new ApiError(w.status, w.why, { field: 'booking' });
        const id = crypto.randomBytes(12).toString('base64url');
        const inserted = insertReview(this.db, {
          id,
          bookingId: b.id,
          propertyId: b.propertyId,
          checkOut: b.checkOut,
          rating: Number(rating),
          text,
          displayName,
          receivedAt: now,
          publishAt: now + PUBLISH_AFTER_HOURS * HOUR_MS,
        });
        if (!inserted)
          throw new ApiError(409, 'You have already reviewed this stay: one review per stay.', {
            field: 'booking',
          });
        this.ledger.recordBooking(b, 'reviewed', 'guest', { at: now });
        return getReview(this.db, id)!;
      })
      .immediate();
  }

  /** The guest withdraws their review (REV-4); false when there was none to withdraw. */
  withdraw(b: Booking): boolean {
    const done = setWithdrawn(this.db, b.id, this.now());
    if (done) this.changed();
    return done;
  }

  /** Erases a booking's review (PRIV-6); the site is published again when one was shown. */
  eraseOf(bookingId: string): boolean {
    const done = deleteReviewOf(this.db, bookingId);
    if (done) this.changed();
    return done;
  }

  /** Every review, newest first, with those whose time has come published first (REV-3). */
  list(): OwnerReview[] {
    this.publishDue();
    return listReviews(this.db);
  }

  /** Publishes the pending reviews received PUBLISH_AFTER_HOURS ago or more (REV-3); returns how many. */
  publishDue(): number {
    const n = publishDue(this.db, this.now());
    if (n > 0) this.changed();
    return n;
  }

  private existing(id: string): OwnerReview {
    const review = getReview(this.db, id);
    if (!review) throw notFound('id', 'There is no review with this id.');
    return review;
  }

  /** The owner publishes a pending or hidden review now (REV-3). 409 for a withdrawn one. */
  publishNow(id: string): OwnerReview {
    const review = this.existing(id);
    if (review.status === 'published') return review;
    if (!setPublished(this.db, id, ['pending', 'hidden'], this.now()))
      throw new ApiError(409, 'The guest has withdrawn this review.', { field: 'id' });
    this.changed();
    return getReview(this.db, id)!;
  }

  /**
   * The owner hides a review for a reason of the fixed list (REV-3): 400 naming `reason` for any
   * other; the guest (when the booking has an e-mail) is mailed the reason in the same transaction.
   * 409 for a hidden or withdrawn review.
   */
  hide(id: string, reason: unknown): OwnerReview {
    if (typeof reason !== 'string' || !(HIDE_REASONS as readonly string[]).includes(reason))
      throw badRequest('reason', `Choose a reason: ${HIDE_REASONS.join(', ')}.`);
    const booking = this.bookings.get(this.existing(id).bookingId);
    const now = this.now();
    this.db
      .transaction(() => {
        if (!setHidden(this.db, id, reason as HideReason, now))
          throw new ApiError(409, 'This review is already hidden or withdrawn.', { field: 'id' });
        if (this.mailer.enabled && booking?.email) {
          const { businessName, siteUrl } = this.config.site;
          const words = [
            `Thank you for reviewing your stay at ${booking.propertyName} (booking ${booking.reference}).`,
            `We have not published your review because ${HIDE_REASON_WORDS[reason as HideReason]}. Our reviews are published unless they are abusive, hold someone’s personal data, are not about the stay, or are spam; we never hide a review for its rating or its opinion.`,
            `If you think this is a mistake, reply to this mail. ${businessName}, ${siteUrl}`,
          ];
          enqueueMail(
            this.db,
            {
              kind: 'guest-review-hidden',
              bookingId: booking.id,
              to: booking.email,
              subject: `Your review of ${booking.propertyName} was not published`,
              ...mailBody(words),
            },
            now,
          );
        }
      })
      .immediate();
    if (this.mailer.enabled) this.mailer.poke();
    this.changed();
    return getReview(this.db, id)!;
  }

  /** The owner's one public reply (REV-3); a blank text removes it. 400 naming `text` past the limit. */
  reply(id: string, text: unknown): OwnerReview {
    if (typeof text !== 'string') throw badRequest('text', 'Send the reply as text.');
    const reply = text.replace(/\r\n?/g, '\n').trim();
    if ([...reply].length > REVIEW_LIMITS.replyMax)
      throw badRequest('text', `A reply can be at most ${REVIEW_LIMITS.replyMax} characters long.`);
    this.existing(id);
    setReply(this.db, id, reply === '' ? undefined : reply, this.now());
    this.changed();
    return getReview(this.db, id)!;
  }
}
