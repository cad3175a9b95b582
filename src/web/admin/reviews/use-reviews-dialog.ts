/**
 * The Reviews dialog's state (REV-3): the owner's reviews (`GET /api/reviews` through apiFetch),
 * loaded at each opening and after each action; Publish now, Hide with a reason of the fixed list,
 * and the one public reply, one review at a time. A refusal stays next to the review with what
 * was typed. A load that a newer one replaces is dropped (useLatestCall, CLIENT-3); failures are
 * apiFetch's (a session ended: SESSION_ENDED with the login link, CLIENT-2). The guest's words and rating are shown, never editable:
 * there is no call that changes them.
 */
import { useEffect, useState } from 'react';
import { apiFetch, type ApiEnv } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { REVIEWS_API, type HideReason, type OwnerReview } from '../../../shared/reviews.js';
import { checked } from '../checked-answer.js';
import type { Problem } from '../problem-text.js';

export interface ReviewsDialogState {
  reviews: OwnerReview[];
  loading: boolean;
  error: Problem | null;
  /** The review whose action runs, or null. */
  busy: string | null;
  /** Why the last action on a review was refused, by review id. */
  problem: (Problem & { id: string }) | null;
  /** The last action done, in words. */
  done: string | null;
  publish: (review: OwnerReview) => void;
  hide: (review: OwnerReview, reason: HideReason | '') => void;
  reply: (review: OwnerReview, text: string) => void;
}

/** `opening` 0: closed so far, nothing loaded; each new value loads again. */
export function useReviewsDialog(opening: number, env: ApiEnv = {}): ReviewsDialogState {
  const [reloads, setReloads] = useState(0);
  const [reviews, setReviews] = useState<OwnerReview[]>([]);
  const [loaded, setLoaded] = useState('');
  const [error, setError] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<ReviewsDialogState['problem']>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = `${opening}|${reloads}`;

  const latest = useLatestCall();
  useEffect(() => {
    if (opening === 0) return;
    return latest.run(
      async (signal) =>
        checked(
          await apiFetch(REVIEWS_API.list, { ...env, signal }),
          (v): v is { reviews: OwnerReview[] } =>
            Array.isArray((v as { reviews?: unknown } | null)?.reviews),
        ),
      (r) => {
        setLoaded(key);
        if (r.ok) {
          setReviews(r.value.reviews);
          setError(null);
        } else setError(r);
      },
    );
    // env is the page's own server for the dialog's life; key follows opening and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, reloads]);

  async function act(
    review: OwnerReview,
    call: () => ReturnType<typeof apiFetch<typeof REVIEWS_API.publish>>,
    words: string,
  ) {
    setBusy(review.id);
    setProblem(null);
    const r = await call();
    setBusy(null);
    if (!r.ok) {
      setProblem({ ...r, id: review.id });
      return;
    }
    setDone(words);
    setReloads((n) => n + 1);
  }

  return {
    reviews,
    loading: opening > 0 && loaded !== key,
    error,
    busy,
    problem,
    done,
    publish: (review) =>
      void act(
        review,
        () =>
          apiFetch(REVIEWS_API.publish, {
            ...env,
            method: 'POST',
            params: { id: review.id },
            body: {},
          }),
        `${review.displayName}’s review is published; the pages follow within a minute.`,
      ),
    hide: (review, reason) => {
      if (reason === '') {
        setProblem({ id: review.id, error: 'Choose why the review is hidden: the guest is told.' });
        return;
      }
      void act(
        review,
        () =>
          apiFetch(REVIEWS_API.hide, {
            ...env,
            method: 'POST',
            params: { id: review.id },
            body: { reason },
          }),
        `${review.displayName}’s review is hidden; the guest is mailed the reason.`,
      );
    },
    reply: (review, text) =>
      void act(
        review,
        () =>
          apiFetch(REVIEWS_API.reply, {
            ...env,
            method: 'POST',
            params: { id: review.id },
            body: { text },
          }),
        text.trim() === ''
          ? `Your reply to ${review.displayName} is removed.`
          : `Your reply to ${review.displayName} is saved.`,
      ),
  };
}
