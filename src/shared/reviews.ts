/**
 * Verified reviews (REV-1..REV-8), shared by the server (src/server/reviews/), the owner's Reviews
 * dialog and the published pages: paths, limits, the fixed hide reasons, answer shapes, and the
 * summary a page shows. Types, constants and pure functions only (visitor pages import it).
 *
 * IS 19000:2022 (online consumer reviews) asks for verified authors, publication dates, the
 * collection period, withdrawal by the author and moderation that does not suppress negative
 * reviews: hence one review per confirmed direct stay, publication by rule after 72 hours unless
 * hidden for a reason from a fixed list, and the period on the page.
 *
 * Paths in Fastify's notation:
 * - GET list → ReviewList (the owner's, every status);
 * - POST publish (now), POST hide `{ reason }` (one of HIDE_REASONS, else 400 naming `reason`),
 *   POST reply `{ text }` (the one public reply; a blank text removes it) → `{ review }`.
 * The guest's form is GUEST_REVIEW_PAGE (a plain form POST to the same address) and its withdraw
 * button posts to GUEST_REVIEW_WITHDRAW.
 */
import { BOOKING_PAGE } from './guest-link.js';
export const REVIEWS_API = {
  list: '/api/reviews',
  publish: '/api/reviews/:id/publish',
  hide: '/api/reviews/:id/hide',
  reply: '/api/reviews/:id/reply',
} as const;

/** The guest's review form, under the booking page's address (the same token opens it). */
export const GUEST_REVIEW_PAGE = `${BOOKING_PAGE}/review`;
export const GUEST_REVIEW_WITHDRAW = `${GUEST_REVIEW_PAGE}/withdraw`;

/** Limits of a review, in characters (REV-1). */
export const REVIEW_LIMITS = { textMin: 30, textMax: 2000, nameMax: 40, replyMax: 1000 } as const;

/** Hours after it arrives that a review is published unless the owner hides it (REV-3). */
export const PUBLISH_AFTER_HOURS = 72;

/** The only reasons a review may be hidden for (REV-3): never because the owner dislikes it. */
export const HIDE_REASONS = ['abusive', 'personal-data', 'not-about-stay', 'spam'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];
export const HIDE_REASON_WORDS: Record<HideReason, string> = {
  abusive: 'it is abusive',
  'personal-data': 'it holds someone’s personal data',
  'not-about-stay': 'it is not about the stay',
  spam: 'it is spam or advertising',
};

export type ReviewStatus = 'pending' | 'published' | 'hidden' | 'withdrawn';

/** A review as the owner's list shows it (GET /api/reviews). Times ISO 8601 UTC. */
export interface OwnerReview {
  id: string;
  bookingId: string;
  propertyId: string;
  rating: number;
  text: string;
  displayName: string;
  status: ReviewStatus;
  hideReason?: HideReason;
  reply?: string;
  receivedAt: string;
  publishAt: string;
  /** The stay's check-out day, YYYY-MM-DD. */
  checkOut: string;
}

export interface ReviewList {
  reviews: OwnerReview[];
}

/**
 * A published review as it reaches published files (REV-5): its public fields only, never the
 * guest's full name, e-mail, phone or booking id.
 */
export interface PublicReview {
  rating: number;
  text: string;
  displayName: string;
  /** The day it was published, YYYY-MM-DD (India). */
  date: string;
  /** The month of the stay's check-out, YYYY-MM. */
  stayMonth: string;
  reply?: string;
}

/** The published reviews of each property, newest first (PageData.reviews). */
export type PublishedReviews = Record<string, PublicReview[]>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-03" → "March 2026". */
export function monthWords(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[m! - 1]} ${y}`;
}

/** "Mar – Nov 2026", "Nov 2025 – Mar 2026" or "Nov 2026": the months from `first` to `last` (YYYY-MM-DD). */
function periodWords(first: string, last: string): string {
  const [fy, fm] = first.split('-').map(Number);
  const [ly, lm] = last.split('-').map(Number);
  if (fy === ly && fm === lm) return `${MONTHS[lm! - 1]} ${ly}`;
  if (fy === ly) return `${MONTHS[fm! - 1]} – ${MONTHS[lm! - 1]} ${ly}`;
  return `${MONTHS[fm! - 1]} ${fy} – ${MONTHS[lm! - 1]} ${ly}`;
}

/** What a page says of a set of published reviews (REV-5, REV-6). */
export interface ReviewSummary {
  /** The mean rating to one decimal, "4.7". */
  average: string;
  count: number;
  /** The collection period: from the oldest review's date to the newest's. */
  period: string;
}

/** The summary of `reviews` (published ones only reach here), or undefined when there are none. */
export function reviewSummary(reviews: readonly PublicReview[]): ReviewSummary | undefined {
  if (reviews.length === 0) return undefined;
  const sum = reviews.reduce((n, r) => n + r.rating, 0);
  const dates = reviews.map((r) => r.date).sort();
  return {
    average: (Math.round((sum / reviews.length) * 10) / 10).toFixed(1),
    count: reviews.length,
    period: periodWords(dates[0]!, dates.at(-1)!),
  };
}

/** "4.7 · 12 reviews from guests who booked directly, Mar – Nov 2026" (REV-5). */
export function summaryWords(s: ReviewSummary): string {
  return `${s.average} · ${s.count} ${s.count === 1 ? 'review' : 'reviews'} from guests who booked directly, ${s.period}`;
}

/** The stars' words for a screen reader: "4 out of 5". */
export function starsWords(rating: number): string {
  return `${rating} out of 5`;
}

/** The display name a review form proposes: the first name and the initial of the last ("Asha R."). */
export function defaultDisplayName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  return words.length > 1 ? `${first} ${words.at(-1)!.charAt(0).toUpperCase()}.` : first;
}
