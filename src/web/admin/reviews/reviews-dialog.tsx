/**
 * The Reviews dialog (REV-3), opened by the admin bar's 'Reviews' control: every review, newest
 * first, each a ReviewCard (Publish now, Hide with a reason, the one public reply). Reviews are
 * published by rule 72 hours after they arrive; the dialog says so. State: useReviewsDialog.
 * A native modal `<dialog id="reviews">`, opened through window.openDialog (FOOT-3).
 */
import type { ApiEnv } from '../../api-fetch.js';
import { ProblemText } from '../problem-text.js';
import { PUBLISH_AFTER_HOURS } from '../../../shared/reviews.js';
import { ReviewCard } from './review-card.js';
import { useReviewsDialog } from './use-reviews-dialog.js';
import { AdminDialog } from '../admin-dialog.js';
import styles from './reviews.module.css';

export const REVIEWS_DIALOG_ID = 'reviews';

export function ReviewsDialog({
  opening,
  close,
  env = {},
}: {
  /** 0 until first opened; changes on every opening. */
  opening: number;
  close: () => void;
  env?: ApiEnv;
}) {
  const d = useReviewsDialog(opening, env);
  return (
    <AdminDialog id={REVIEWS_DIALOG_ID} title="Reviews" className={styles.dialog} close={close}>
      <p className={styles.rule}>
        A guest’s review is published {PUBLISH_AFTER_HOURS} hours after it arrives unless you hide
        it for one of the listed reasons (the guest is told which). You can publish it at once and
        reply once, publicly; the guest’s words and rating cannot be changed.
      </p>
      <p className={d.error ? styles.problem : styles.status} role="status">
        {d.error ? <ProblemText problem={d.error} /> : d.loading ? 'Loading…' : null}
        {!d.loading && !d.error && d.reviews.length === 0 ? 'No reviews yet.' : null}
      </p>
      <p className={styles.status} role="status">
        {d.done}
      </p>
      {d.reviews.length > 0 && (
        <ul className={styles.list} aria-label="Reviews, newest first">
          {d.reviews.map((r) => (
            <ReviewCard key={`${r.id}|${r.reply ?? ''}`} review={r} d={d} />
          ))}
        </ul>
      )}
    </AdminDialog>
  );
}
