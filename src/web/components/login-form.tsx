/**
 * The /adminlogin form (ROUTE-1: a username field, a password field and a 'Continue' button; the
 * submit behaviour is ours, AUTH-1). With script it posts JSON to `POST /api/login` and goes to the
 * home page on success, or shows why not in a `role="alert"` paragraph. Before its script has
 * loaded it is an ordinary POST form to the same URL, which answers with a redirect to `/` or back
 * here with `?error=` (auth/routes.ts); the message for that is read after hydration, so the server
 * and the first client render are identical.
 */
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import styles from './login-form.module.css';
import { API, HOME_PATH } from '../../shared/routes.js';
import { apiFetch, type ApiFailure } from '../api-fetch.js';

/** Same sentence as the server's 401 (auth/routes.ts): never says which field was wrong. */
export const WRONG_CREDENTIALS = 'Wrong username or password.';
const MISSING_FIELDS = 'Enter your username and password.';

/** "Too many attempts. Try again in N minutes.", N rounded up from seconds. */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The field to type again after a refused login, whose sentence the form shows as the server said
 * it (400: the field's, 401: WRONG_CREDENTIALS, 429: the wait): a 401 clears and focuses the
 * password, the field to type again whichever of the two was wrong.
 */
function fieldToRetype(r: ApiFailure): 'username' | 'password' | undefined {
  if (r.status === 401 || r.field === 'password') return 'password';
  return r.status === 400 ? 'username' : undefined;
}

/** The message for `?error=` after a submission made before the script loaded. */
function messageFromUrl(): string {
  const params = new URLSearchParams(location.search);
  switch (params.get('error')) {
    case 'wrong':
      return WRONG_CREDENTIALS;
    case 'throttled':
      return throttledMessage(Number(params.get('retry')) || 60);
    case 'invalid':
      return MISSING_FIELDS;
    default:
      return '';
  }
}

const staticUrl = () => () => {};
const noMessageOnServer = () => '';

export function LoginForm() {
  const id = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [submitMessage, setSubmitMessage] = useState<string | null>(null);
  const urlMessage = useSyncExternalStore(staticUrl, messageFromUrl, noMessageOnServer);
  const message = submitMessage ?? urlMessage;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    // Emptied first so that the same sentence twice in a row is announced again.
    setSubmitMessage('');
    const r = await apiFetch(API.login, {
      method: 'POST',
      body: {
        username: String(data.get('username') ?? ''),
        password: String(data.get('password') ?? ''),
      },
    });
    if (r.ok) {
      // DAY-6: the owner lands on Today.
      location.assign(`${HOME_PATH}#today`);
      return;
    }
    setBusy(false);
    setSubmitMessage(r.error);
    const field = fieldToRetype(r);
    if (field === 'password' && passwordRef.current) passwordRef.current.value = '';
    (field === 'username' ? usernameRef : passwordRef).current?.focus();
  }

  return (
    <form
      className={styles.form}
      method="post"
      action={API.login}
      aria-busy={busy}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-username`}>Username</label>
        <input
          ref={usernameRef}
          id={`${id}-username`}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          required
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={1024}
          required
        />
      </div>
      <p role="alert" className={styles.alert}>
        {message}
      </p>
      <button type="submit" className={styles.submit}>
        Continue
      </button>
    </form>
  );
}
