/**
 * Verified reviews on the published pages (REV-5..REV-7), rendered at publish with the page (no
 * script of their own: the rest of the reviews sit in a native <details> disclosure, whose summary
 * says "Show N more reviews" while closed and "Hide the N older reviews" while open):
 * - ReviewsSection, the property page's: the average to one decimal, the count and the collection
 *   period, the newest three reviews then the rest, each with its stars as words for a screen
 *   reader ("4 out of 5"), the name, "Verified direct stay", the stay month, the date and the
 *   owner's reply; and the owner's badge for reviews elsewhere with its link (REV-7), editable in
 *   place in admin mode;
 * - BusinessReviews (business-reviews.tsx, apart so that the home page's code holds no calendar
 *   dates: PERF-16), the home page's one line: the business-wide figure.
 * Every word is React text: a review holding `<script>` shows as text.
 */
import { formatDate } from '../../shared/calendar-dates.js';
import {
  monthWords,
  reviewSummary,
  starsWords,
  summaryWords,
  type PublicReview,
} from '../../shared/reviews.js';
import type { Property } from '../../shared/site-data.js';
import { EditableText } from './editable.js';
import styles from './reviews-section.module.css';

/** How many reviews show before the disclosure. */
const SHOWN_FIRST = 3;

function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={starsWords(rating)}>
      {'★'.repeat(rating)}
      <span className={styles.unlit}>{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

function Review({ review }: { review: PublicReview }) {
  return (
    <li className={styles.review}>
      <p className={styles.meta}>
        <Stars rating={review.rating} />
        <strong>{review.displayName}</strong>
        <span className={styles.verified}>Verified direct stay</span>
      </p>
      <p className={styles.when}>
        Stayed {monthWords(review.stayMonth)} · {formatDate(review.date)}
      </p>
      <p className={styles.text}>{review.text}</p>
      {review.reply && (
        <div className={styles.reply}>
          <p className={styles.replyTitle}>Reply from the host</p>
          <p className={styles.text}>{review.reply}</p>
        </div>
      )}
    </li>
  );
}

/** The property page's reviews (REV-5, REV-7); nothing for a visitor when there is nothing to show. */
export function ReviewsSection({
  property,
  reviews = [],
  edit,
}: {
  property: Property;
  reviews?: readonly PublicReview[];
  /** The owner's edit of a field (admin mode); undefined for a visitor. */
  edit?: (field: string) => (() => void) | undefined;
}) {
  const summary = reviewSummary(reviews);
  const badge = property.reviewsElsewhere;
  const badgeUrl = property.reviewsElsewhereUrl;
  if (!summary && !badge && !edit) return null;
  const rest = reviews.slice(SHOWN_FIRST);
  return (
    <section aria-labelledby="reviews-title" className={styles.section}>
      <h2 className={styles.title} id="reviews-title">
        Reviews
      </h2>
      {summary ? (
        <p className={styles.summary}>{summaryWords(summary)}</p>
      ) : (
        <p className={styles.summary}>No reviews from guests who booked directly yet.</p>
      )}
      {(badge || edit) && (
        <p className={styles.badge}>
          {edit ? (
            <>
              <EditableText onEdit={edit('reviewsElsewhere')} label="reviews elsewhere">
                {badge ?? 'Reviews elsewhere: not set'}
              </EditableText>{' '}
              <EditableText onEdit={edit('reviewsElsewhereUrl')} label="reviews elsewhere link">
                {badgeUrl ?? 'Link: not set'}
              </EditableText>
            </>
          ) : badgeUrl ? (
            <a href={badgeUrl} rel="nofollow noopener noreferrer external">
              {badge}
            </a>
          ) : (
            badge
          )}
        </p>
      )}
      {reviews.length > 0 && (
        <ul className={styles.list}>
          {reviews.slice(0, SHOWN_FIRST).map((r, i) => (
            <Review key={i} review={r} />
          ))}
        </ul>
      )}
      {rest.length > 0 && (
        <details className={styles.more}>
          {/* The words follow the disclosure's state through CSS ([open]), so no script is needed. */}
          <summary>
            <span className={styles.whenClosed}>
              Show {rest.length} more {rest.length === 1 ? 'review' : 'reviews'}
            </span>
            <span className={styles.whenOpen}>
              Hide {rest.length === 1 ? 'the older review' : `the ${rest.length} older reviews`}
            </span>
          </summary>
          <ul className={styles.list}>
            {rest.map((r, i) => (
              <Review key={i} review={r} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
