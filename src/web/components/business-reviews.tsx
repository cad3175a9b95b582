/**
 * The home page's reviews line (REV-6): the business-wide figure over every published review,
 * rendered at publish with the page. A module of its own, apart from the property page's
 * ReviewsSection, so that the home page's JavaScript does not carry the reviews' dates (PERF-16);
 * a server part, kept as it is by a visitor's browser (PERF-17).
 */
import { reviewSummary, summaryWords, type PublishedReviews } from '../../shared/reviews.js';
import { ServerPart } from './server-part.js';
import styles from './reviews-section.module.css';

/** The line, or nothing while no review is published. */
export function BusinessReviews({ reviews }: { reviews: PublishedReviews | undefined }) {
  const summary = reviewSummary(Object.values(reviews ?? {}).flat());
  return summary ? (
    <ServerPart as="p" name="business-reviews" className={styles.business}>
      ★ {summaryWords(summary)}
    </ServerPart>
  ) : null;
}
