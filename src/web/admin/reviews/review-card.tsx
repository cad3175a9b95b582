/**
 * One review in the Reviews dialog (REV-3): the guest's rating, words and name as received (text,
 * never editable), its state and when it publishes, and the owner's actions: Publish now (a
 * pending or hidden review), Hide with a reason of the fixed list, and the one public reply.
 */
import { useId, useState } from 'react';
import {
  HIDE_REASONS,
  HIDE_REASON_WORDS,
  REVIEW_LIMITS,
  starsWords,
  type HideReason,
  type OwnerReview,
} from '../../../shared/reviews.js';
import { formatInstant } from '../../../shared/instants.js';
import { ProblemText } from '../problem-text.js';
import type { ReviewsDialogState } from './use-reviews-dialog.js';
import admin from '../admin.module.css';
import styles from './reviews.module.css';

function stateWords(r: OwnerReview): string {
  switch (r.status) {
    case 'pending':
      return `Publishes by itself ${formatInstant(r.publishAt)}`;
    case 'published':
      return 'Published';
    case 'hidden':
      return `Hidden: ${r.hideReason ? HIDE_REASON_WORDS[r.hideReason] : ''}`;
    case 'withdrawn':
      return 'Withdrawn by the guest';
  }
}

export function ReviewCard({ review, d }: { review: OwnerReview; d: ReviewsDialogState }) {
  const id = useId();
  const [reason, setReason] = useState<HideReason | ''>('');
  const [reply, setReply] = useState(review.reply ?? '');
  const busy = d.busy === review.id;
  const problem = d.problem?.id === review.id ? d.problem : null;
  const open = review.status !== 'withdrawn';
  return (
    <li className={styles.card} aria-labelledby={`${id}-name`}>
      <p className={styles.head}>
        <span className={styles.stars} role="img" aria-label={starsWords(review.rating)}>
          {'★'.repeat(review.rating)}
          <span className={styles.unlit}>{'★'.repeat(5 - review.rating)}</span>
        </span>{' '}
        <strong id={`${id}-name`}>{review.displayName}</strong> · received{' '}
        {formatInstant(review.receivedAt)}
      </p>
      <p className={styles.state}>{stateWords(review)}</p>
      <p className={styles.text}>{review.text}</p>
      {open && (
        <div className={styles.actions}>
          {review.status !== 'published' && (
            <button
              type="button"
              className={admin.button}
              disabled={busy}
              onClick={() => d.publish(review)}
            >
              Publish now
            </button>
          )}
          {(review.status === 'pending' || review.status === 'published') && (
            <span className={styles.hide}>
              <label htmlFor={`${id}-reason`}>Hide because</label>
              <select
                id={`${id}-reason`}
                value={reason}
                onChange={(e) => setReason(e.target.value as HideReason | '')}
              >
                <option value="">Choose a reason…</option>
                {HIDE_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {HIDE_REASON_WORDS[r]}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={admin.button}
                disabled={busy}
                onClick={() => d.hide(review, reason)}
              >
                Hide
              </button>
            </span>
          )}
        </div>
      )}
      {open && (
        <div className={styles.reply}>
          <label htmlFor={`${id}-reply`}>Your public reply (one; leave empty for none)</label>
          <textarea
            id={`${id}-reply`}
            value={reply}
            maxLength={REVIEW_LIMITS.replyMax}
            onChange={(e) => setReply(e.target.value)}
          />
          <button
            type="button"
            className={admin.button}
            disabled={busy || reply.trim() === (review.reply ?? '')}
            onClick={() => d.reply(review, reply)}
          >
            Save reply
          </button>
        </div>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={problem} />
        </p>
      )}
    </li>
  );
}
