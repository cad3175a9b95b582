/**
 * The /adminlogin form (ROUTE-1: a username field, a password field and a 'Continue' button; the
 * submit behaviour is ours, AUTH-1). With script it posts JSON to `POST /api/login` and goes to the
 * home page on success, or shows why not in a `role="alert"` paragraph. Before its script has
 * loaded it is an ordinary POST form to the same URL, which answers with a redirect to `/` or back
 * here with `?error=` (auth/routes.ts); the message for that is read after hydration, so the server
 * and the first client render are identical.
 *
 * Two-step login (TOTP-1): when the password is right and the account has it, the form asks for
 * the code from the phone's app (or a recovery code) and posts it to `POST /api/login/code`; when
 * the role requires it and the account has none, it first shows the QR code to scan (TOTP-5). New
 * recovery codes, or the number left after one was used, are shown before going on.
 */
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import styles from './login-form.module.css';
import { API, AFTER_LOGIN_PATH } from '../../shared/routes.js';
import { TWO_STEP_API, type TwoStepEnrolment } from '../../shared/two-step.js';
import { apiFetch, type ApiFailure } from '../api-fetch.js';
import { QrToScan, RecoveryCodeList } from './two-step-parts.js';

/** Same sentence as the server's 401 (auth/routes.ts): never says which field was wrong. */
export const WRONG_CREDENTIALS = 'Wrong username or password.';
const MISSING_FIELDS = 'Enter your username and password.';
/** Same sentences as the server's (two-step/service.ts, auth/routes.ts). */
const WRONG_CODE = 'That code is wrong or was used already. Type the 6 digits your app shows now.';
const CODE_EXPIRED = 'This login waited too long. Enter your username and password again.';

/** Where the login is: the password, the code, or the codes to write down before going on. */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; enrolment?: TwoStepEnrolment }
  | { kind: 'done'; recoveryCodes?: string[]; recoveryCodesLeft?: number };

/** DAY-6: the owner lands on Today. */
function goHome() {
  location.assign(AFTER_LOGIN_PATH);
}

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
    case 'code':
      return WRONG_CODE;
    case 'code-missing':
      return 'Type the 6 digits your app shows.';
    case 'expired':
      return CODE_EXPIRED;
    case 'setup':
      return 'Your role needs two-step login: give your username and password once more to set it up.';
    default:
      return '';
  }
}

const staticUrl = () => () => {};
const noMessageOnServer = () => '';
/** `?step=code` after a plain form's right password (auth/routes.ts). */
const codeStepFromUrl = () => new URLSearchParams(location.search).get('step') === 'code';
const passwordStepOnServer = () => false;

export function LoginForm() {
  const id = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [submitMessage, setSubmitMessage] = useState<string | null>(null);
  const urlMessage = useSyncExternalStore(staticUrl, messageFromUrl, noMessageOnServer);
  const urlCodeStep = useSyncExternalStore(staticUrl, codeStepFromUrl, passwordStepOnServer);
  const [chosenStep, setStep] = useState<Step | null>(null);
  const step: Step = chosenStep ?? (urlCodeStep ? { kind: 'code' } : { kind: 'password' });
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
    setBusy(false);
    if (r.ok) {
      if (r.value.ok) return goHome();
      setStep({
        kind: 'code',
        ...(r.value.next === 'setup' ? { enrolment: r.value } : {}),
      });
      return;
    }
    setSubmitMessage(r.error);
    const field = fieldToRetype(r);
    if (field === 'password' && passwordRef.current) passwordRef.current.value = '';
    (field === 'username' ? usernameRef : passwordRef).current?.focus();
  }

  if (step.kind === 'done') return <LoggedIn step={step} />;
  if (step.kind === 'code')
    return (
      <CodeForm
        enrolment={step.enrolment}
        message={message}
        setMessage={setSubmitMessage}
        setStep={setStep}
      />
    );
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

/**
 * The second step (TOTP-1): the code from the app, or a recovery code; with the QR code first when
 * the account sets two-step login up at this login (TOTP-5). A plain form to the same URL without
 * script.
 */
function CodeForm({
  enrolment,
  message,
  setMessage,
  setStep,
}: {
  enrolment: TwoStepEnrolment | undefined;
  message: string;
  setMessage: (m: string | null) => void;
  setStep: (s: Step) => void;
}) {
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBusy(true);
    setMessage('');
    const r = await apiFetch(TWO_STEP_API.loginCode, { method: 'POST', body: { code } });
    setBusy(false);
    if (r.ok) {
      const { recoveryCodes, recoveryCodesLeft } = r.value;
      if (!recoveryCodes && recoveryCodesLeft === undefined) return goHome();
      setStep({
        kind: 'done',
        ...(recoveryCodes ? { recoveryCodes } : {}),
        ...(recoveryCodesLeft !== undefined ? { recoveryCodesLeft } : {}),
      });
      return;
    }
    setMessage(r.error);
    if (r.status === 401 && r.field === 'login') {
      setStep({ kind: 'password' });
      return;
    }
    if (codeRef.current) codeRef.current.value = '';
    codeRef.current?.focus();
  }

  return (
    <form
      className={styles.form}
      method="post"
      action={TWO_STEP_API.loginCode}
      aria-busy={busy}
      onSubmit={(event) => void onSubmit(event)}
    >
      {enrolment ? (
        <>
          <p>The owner asks your role to use two-step login. Set it up now, once.</p>
          <QrToScan enrolment={enrolment} />
        </>
      ) : (
        <p>Your password is right. Now open your authenticator app.</p>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-code`}>Code from your app</label>
        <input
          ref={codeRef}
          id={`${id}-code`}
          name="code"
          type="text"
          inputMode={enrolment ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          aria-describedby={`${id}-code-hint`}
          required
          autoFocus
        />
        <p id={`${id}-code-hint`} className={styles.hint}>
          {enrolment
            ? 'The 6 digits the app shows once the code is scanned.'
            : 'The 6 digits it shows now. Lost your phone? Type one of your recovery codes.'}
        </p>
      </div>
      <p role="alert" className={styles.alert}>
        {message}
      </p>
      <button type="submit" className={styles.submit}>
        Log in
      </button>
    </form>
  );
}

/** Logged in, with recovery codes to write down, or after a recovery code: what is left. */
function LoggedIn({ step }: { step: Extract<Step, { kind: 'done' }> }) {
  return (
    <div className={styles.form}>
      {step.recoveryCodes && (
        <>
          <p role="status">Two-step login is on.</p>
          <RecoveryCodeList codes={step.recoveryCodes} />
        </>
      )}
      {step.recoveryCodesLeft !== undefined && (
        <p role="status">
          You logged in with a recovery code; it will not work again.{' '}
          {step.recoveryCodesLeft === 1
            ? '1 recovery code is left.'
            : `${step.recoveryCodesLeft} recovery codes are left.`}{' '}
          If you lost your phone, ask an owner to reset your two-step login, or turn it off and on
          again in Team.
        </p>
      )}
      <button type="button" className={styles.submit} onClick={goHome}>
        {step.recoveryCodes ? 'I have written them down' : 'Continue'}
      </button>
    </div>
  );
}
