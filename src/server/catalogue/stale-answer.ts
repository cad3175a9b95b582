/**
 * SAF-6: the 409 answer to an import based on a stale revision, in words: what happened, what to
 * do, and what the refused import would have changed, so the page can show the owner what to make
 * again after reloading. Shape: { error, field: "revision", latest, based, yourChanges: string[] },
 * answered by the app's error handler (errors.ts).
 */
import type { StaleImportAnswer } from '../../shared/api-types.js';
import { describeChanges } from '../../shared/change-summary.js';
import { formatInstant } from '../../shared/instants.js';
import type { SiteData } from '../../shared/site-data.js';
import type { Db } from '../store/db.js';
import { ApiError } from '../errors.js';
import { getRevision, type StaleRevisionError } from '../store/revisions.js';

/**
 * What the owner did, as far as the server knows: the changes from the revision they edited, with
 * the new values in full so they can be made again after the reload (SAF-6).
 */
function attemptedChanges(db: Db, submitted: SiteData): string[] {
  const based = getRevision(db, submitted.revision);
  return based ? describeChanges(based.data, submitted, { values: true }) : [];
}

/**
 * SAF-6: the 409 refusal of an import based on revision `submitted.revision` while `err.latest`
 * is stored, for the route to throw. `error` says what happened and what to do; `yourChanges`
 * lists, in the History dialog's words, what the refused import would have changed (empty when
 * its base revision is no longer kept), so the page can show the owner what to make again after
 * reloading.
 */
export function staleAnswer(db: Db, err: StaleRevisionError, submitted: SiteData): ApiError {
  const latest = getRevision(db, err.latest);
  const by = latest ? ` by ${latest.author} on ${formatInstant(latest.createdAt)}` : '';
  return new ApiError(
    409,
    `Your change was not saved. This page shows revision ${submitted.revision}, but revision ` +
      `${err.latest} was saved${by} (from another tab or device). Reload the page to see it, ` +
      'then make your change again.',
    {
      field: 'revision',
      extra: {
        latest: err.latest,
        based: submitted.revision,
        yourChanges: attemptedChanges(db, submitted),
      } satisfies Omit<StaleImportAnswer, 'error' | 'field'>,
    },
  );
}
