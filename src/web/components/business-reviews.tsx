/**
 * The home page's reviews line (REV-6): the business-wide figure over every published review,
 * rendered at publish with the page. A module of its own, apart from the property page's
 * ReviewsSection, so that the home page's JavaScript does not carry the reviews' dates (PERF-16).
 */
import { reviewSummary, summaryWords, type PublishedReviews } from '../../shared/reviews.js';
import styles from './reviews-section.module.css';

/** The line, or nothing while no review is published. */
export function BusinessReviews({ reviews }: { reviews: PublishedReviews | undefined }) {
  const summary = reviewSummary(Object.values(reviews ?? {}).flat());
  return summary ? <p className={styles.business}>★ {summaryWords(summary)}</p> : null;
}
