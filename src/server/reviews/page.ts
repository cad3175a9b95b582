/**
 * The guest's review page at /booking/{id}/{token}/review (REV-1, REV-4), server-rendered, no
 * script: the form (rating 1–5 as radio buttons, the text, the name shown, consent to publish),
 * after a refusal the form as typed with the field at fault named; once sent, the review as
 * received with its state and the Withdraw button; or why the form is closed. Every guest word is
 * escaped (`escapeHtml`).
 */
import { escapeHtml as e, pageCsp, pageHtml } from '../html.js';
import { formatDate } from '../../shared/calendar-dates.js';
import { propertyDate } from '../../shared/instants.js';
import {
  HIDE_REASON_WORDS,
  PUBLISH_AFTER_HOURS,
  REVIEW_LIMITS,
  starsWords,
  type OwnerReview,
} from '../../shared/reviews.js';
import type { ReviewInput } from './service.js';
import { collectionNoticeHtml } from '../privacy/notice.js';
import { formatCount } from '../../shared/money.js';

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;line-height:1.45}
body{margin:0}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.1rem}
.sub{margin:0 0 1rem;color:#444}
.why{background:#f3f1ea;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.notice{border-left:4px solid #1f6f43;background:#eef7f1;padding:.6rem .8rem;margin:0 0 1rem}
.problem{border:2px solid #a40000;border-radius:.5rem;padding:.6rem .8rem;margin:0 0 1rem;color:#7a0000}
.problem a{color:#7a0000;font-weight:700}
fieldset{border:1px solid #999;border-radius:.5rem;padding:.5rem 1rem .75rem;margin:0 0 1rem;min-width:0}
legend{font-weight:700;padding:0 .3rem}
.field{margin:.9rem 0}
.field label{display:block;font-weight:600;margin-bottom:.2rem}
.hint{display:block;color:#444;font-size:.9rem;margin:-.1rem 0 .25rem}
input[type=text],textarea{box-sizing:border-box;width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #666;border-radius:.35rem;background:#fff;color:#1a1a1a;min-height:2.75rem}
textarea{min-height:9rem}
.stars{display:flex;flex-wrap:wrap;gap:.25rem .75rem}
.stars label,.consent label{display:flex;align-items:center;gap:.45rem;font-weight:400;min-height:2.75rem}
.stars input,.consent input{width:1.25rem;height:1.25rem;margin:0}
[aria-invalid=true]{outline:2px solid #a40000}
.error{display:block;color:#a40000;font-weight:600;margin-top:.2rem}
button{font:inherit;font-weight:700;padding:.75rem 1.25rem;border:0;border-radius:.5rem;background:#1f4f3a;color:#fff;min-height:3rem;width:100%}
form{margin:0 0 1.25rem}
button.quiet{background:#fff;color:#7a0000;border:2px solid #7a0000}
blockquote{margin:.5rem 0 1rem;padding:.5rem 1rem;border-left:4px solid #c9c2ae;white-space:pre-line;overflow-wrap:anywhere}
a{color:#1f4f3a}
`;

/** The review page's Content-Security-Policy: its style, forms posted to this site. */
export const REVIEW_PAGE_CSP = pageCsp(STYLE, true);

/** What the page shows of the stay. */
export interface ReviewStay {
  reference: string;
  propertyName: string;
  checkIn: string;
  checkOut: string;
  /** The booking page, to go back to. */
  pagePath: string;
}

/** The state the page is shown in. */
export interface ReviewPageState {
  /** The guest's review already received. */
  review?: OwnerReview;
  /** Why the form is closed (not yet, too late, a second review). */
  closed?: string;
  /** The form as typed (a refused POST) or first proposed (the display name). */
  typed?: ReviewInput;
  /** The refusal: the field and its words. */
  problem?: { field: string; error: string };
  /** The last day the form is open, YYYY-MM-DD. */
  closesOn?: string;
}

const FIELD_WORDS: Record<string, string> = {
  rating: 'your rating',
  text: 'your review',
  displayName: 'the name shown',
  consent: 'the consent to publish',
};

function statusWords(r: OwnerReview): string {
  switch (r.status) {
    case 'pending':
      return `Received on ${formatDate(propertyDate(r.receivedAt))}. It will be published on the property page on ${formatDate(propertyDate(r.publishAt))} (${PUBLISH_AFTER_HOURS} hours after it arrived).`;
    case 'published':
      return 'Published on the property page.';
    case 'hidden':
      return `Not published, because ${r.hideReason ? HIDE_REASON_WORDS[r.hideReason] : 'of our review rules'}. We mailed you the reason.`;
    case 'withdrawn':
      return 'You withdrew this review: it is no longer shown on the property page.';
  }
}

/** The guest's review page (REV-1, REV-4). */
export function reviewPageHtml(stay: ReviewStay, state: ReviewPageState): string {
  const head = `<h1>Review your stay</h1>
<p class="sub">${e(stay.propertyName)} · ${e(formatDate(stay.checkIn))} to ${e(formatDate(stay.checkOut))} · ${e(stay.reference)}</p>`;
  const back = `<p><a href="${e(stay.pagePath)}">Back to your booking</a></p>`;
  const rules = `<section class="why" aria-labelledby="rules"><h2 id="rules">How reviews are published</h2>
<p>Every guest who booked directly is invited to review the stay. Your review, your rating and the name you choose are published on the property page ${PUBLISH_AFTER_HOURS} hours after they arrive, marked “Verified direct stay”, and are never edited. We may reply once, publicly. We hide a review only if it is abusive, holds someone’s personal data, is not about the stay, or is spam, and we then tell you why. You can withdraw your review from this page at any time.</p></section>`;
  if (state.review) {
    const r = state.review;
    const withdraw =
      r.status === 'withdrawn'
        ? ''
        : `<form method="post" action="${e(stay.pagePath)}/review/withdraw"><button type="submit" class="quiet">Withdraw my review</button></form>`;
    return pageHtml(
      'Your review',
      STYLE,
      `<main>${head}<p class="notice" role="status">${e(statusWords(r))}</p>
<h2>Your review</h2>
<p><strong>${e(starsWords(r.rating))}</strong> · ${e(r.displayName)}</p>
<blockquote>${e(r.text)}</blockquote>
${r.reply ? `<h2>Our reply</h2><blockquote>${e(r.reply)}</blockquote>` : ''}
${withdraw}${rules}${back}</main>`,
    );
  }
  if (state.closed) {
    return pageHtml(
      'Review your stay',
      STYLE,
      `<main>${head}<p class="notice" role="status">${e(state.closed)}</p>${back}</main>`,
    );
  }
  const { problem, typed = {} } = state;
  const summary = problem
    ? `<div class="problem" role="alert"><p>Nothing was sent: please check <a href="#${e(problem.field)}">${e(FIELD_WORDS[problem.field] ?? problem.field)}</a>.</p><p>${e(problem.error)}</p></div>`
    : '';
  const invalid = (field: string) =>
    problem?.field === field ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  const error = (field: string) =>
    problem?.field === field
      ? `<span class="error" id="${field}-error">${e(problem.error)}</span>`
      : '';
  const stars = [5, 4, 3, 2, 1]
    .map(
      (n, i) =>
        `<label><input type="radio" name="rating" value="${n}"${i === 0 ? ' id="rating"' : ''}${typed.rating === String(n) ? ' checked' : ''}${invalid('rating')}> ${'★'.repeat(n)}<span aria-hidden="true">${'☆'.repeat(5 - n)}</span> ${n} out of 5</label>`,
    )
    .join('');
  const closes = state.closesOn
    ? `<p class="hint">You can write it until ${e(formatDate(state.closesOn))}.</p>`
    : '';
  const body = `<main>${head}${summary}${closes}
<form method="post" novalidate>
<fieldset><legend>Your rating</legend><div class="stars">${stars}</div>${error('rating')}</fieldset>
<div class="field"><label for="text">Your review</label><span class="hint" id="text-hint">${REVIEW_LIMITS.textMin} to ${formatCount(REVIEW_LIMITS.textMax)} characters: what was good, what could be better.</span><textarea id="text" name="text" maxlength="${REVIEW_LIMITS.textMax}"${problem?.field === 'text' ? ' aria-invalid="true" aria-describedby="text-hint text-error"' : ' aria-describedby="text-hint"'}>${e(typed.text ?? '')}</textarea>${error('text')}</div>
<div class="field"><label for="displayName">Name shown with your review</label><span class="hint" id="displayName-hint">Your first name and initial, or any name you like.</span><input type="text" id="displayName" name="displayName" maxlength="${REVIEW_LIMITS.nameMax}" value="${e(typed.displayName ?? '')}"${problem?.field === 'displayName' ? ' aria-invalid="true" aria-describedby="displayName-hint displayName-error"' : ' aria-describedby="displayName-hint"'}>${error('displayName')}</div>
<div class="field consent"><label><input type="checkbox" id="consent" name="consent" value="yes"${typed.consent === 'yes' ? ' checked' : ''}${invalid('consent')}> I agree that my review, rating and the name above are published on this site.</label>${error('consent')}</div>
${collectionNoticeHtml('review')}
<button type="submit">Send my review</button>
</form>
${rules}${back}</main>`;
  return pageHtml(
    problem
      ? `Check your review: ${FIELD_WORDS[problem.field] ?? problem.field}`
      : 'Review your stay',
    STYLE,
    body,
  );
}
