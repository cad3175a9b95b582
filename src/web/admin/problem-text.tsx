/**
 * How the owner's tools show a failure (CLIENT-2): its sentence and, when the owner's session
 * ended (apiFetch marks it `sessionEnded`), the one link to log in again. Every dialog, card and
 * the admin bar show failures through it, so the link is written once.
 */
import { LOGIN_PATH } from '../../shared/routes.js';

/** A failure to show: an ApiFailure as apiFetch gave it, or a refusal of the page's own. */
export interface Problem {
  error: string;
  sessionEnded?: boolean | undefined;
}

/** The failure's sentence, then 'Log in again' (a link to the login page) when that is the fix. */
export function ProblemText({ problem }: { problem: Problem }) {
  return (
    <>
      {problem.error}
      {problem.sessionEnded && (
        <>
          {' '}
          <a href={LOGIN_PATH}>Log in again</a>
        </>
      )}
    </>
  );
}
