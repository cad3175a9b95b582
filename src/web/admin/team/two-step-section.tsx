/**
 * "Two-step login" in the Team dialog (TOTP-2, TOTP-3, TOTP-5): every account sets up its own (a
 * QR code to scan, then the first code, then the recovery codes shown once) and turns it off with a
 * code unless its role requires it; an owner also chooses the roles that must use it. Reloaded at
 * each opening of the dialog.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ROLE_NAMES, ROLES, type Role } from '../../../shared/permissions.js';
import {
  TWO_STEP_API,
  type TwoStepEnrolment,
  type TwoStepStatus,
} from '../../../shared/two-step.js';
import { apiFetch, type ApiFailure } from '../../api-fetch.js';
import { QrToScan, RecoveryCodeList } from '../../components/two-step-parts.js';
import { useLatestCall } from '../../latest-call.js';
import admin from '../admin.module.css';
import { ProblemText } from '../problem-text.js';
import styles from './team.module.css';

/** The code typed in a form, its field emptied for the next one. */
function takeCode(event: FormEvent<HTMLFormElement>): string {
  event.preventDefault();
  const form = event.currentTarget;
  const code = String(new FormData(form).get('code') ?? '');
  form.reset();
  return code;
}

function CodeField({ label }: { label: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        type="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        required
      />
    </>
  );
}

/** The account's own two-step login: set up, recovery codes, turn off. */
export function MyTwoStep({ opening }: { opening: number }) {
  const id = useId();
  const [status, setStatus] = useState<TwoStepStatus | null>(null);
  const [enrolment, setEnrolment] = useState<TwoStepEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useLatestCall();
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (opening === 0) return;
    return latest.run(
      (signal) => apiFetch(TWO_STEP_API.status, { signal }),
      (r) => (r.ok ? setStatus(r.value) : setProblem(r)),
    );
    // latest is the component's; the rest is what a reload depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, reloads]);

  async function run<T>(call: () => Promise<{ ok: true; value: T } | ApiFailure>) {
    setBusy(true);
    const r = await call();
    setBusy(false);
    setProblem(r.ok ? null : r);
    return r.ok ? r.value : undefined;
  }

  if (!status) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Your two-step login</h3>
      {problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={problem} />
        </p>
      )}
      {codes && <RecoveryCodeList codes={codes} />}
      {status.on ? (
        <>
          <p>
            On: after your password, the login asks for the 6 digits of your authenticator app.{' '}
            {status.recoveryCodesLeft === 1
              ? '1 recovery code left.'
              : `${status.recoveryCodesLeft} recovery codes left.`}
          </p>
          {status.required ? (
            <p className={styles.muted}>The owner requires it for your role: it stays on.</p>
          ) : (
            <form
              className={styles.form}
              onSubmit={(e) => {
                const code = takeCode(e);
                void run(() => apiFetch(TWO_STEP_API.off, { method: 'POST', body: { code } })).then(
                  (s) => {
                    if (s) {
                      setStatus(s);
                      setCodes(null);
                    }
                  },
                );
              }}
            >
              <CodeField label="To turn it off, type a code from your app" />
              <button type="submit" className={admin.danger} disabled={busy}>
                Turn two-step login off
              </button>
            </form>
          )}
        </>
      ) : enrolment ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            const code = takeCode(e);
            void run(() => apiFetch(TWO_STEP_API.confirm, { method: 'POST', body: { code } })).then(
              (r) => {
                if (!r) return;
                setCodes(r.recoveryCodes);
                setEnrolment(null);
                setReloads((n) => n + 1);
              },
            );
          }}
        >
          <QrToScan enrolment={enrolment} />
          <CodeField label="Code from your app" />
          <button type="submit" className={admin.primary} disabled={busy}>
            Turn two-step login on
          </button>
        </form>
      ) : (
        <>
          <p>
            Off: your password alone logs you in.{' '}
            {status.required && 'The owner requires it for your role: set it up now. '}
            With two-step login, a stolen password is not enough.
          </p>
          <p>
            <button
              type="button"
              className={admin.primary}
              disabled={busy}
              onClick={() =>
                void run(() => apiFetch(TWO_STEP_API.setup, { method: 'POST' })).then(
                  (r) => r && setEnrolment(r),
                )
              }
            >
              Set up two-step login
            </button>
          </p>
        </>
      )}
    </section>
  );
}

/** The owner's choice of the roles that must use two-step login (TOTP-5). */
export function RequiredRoles({
  required,
  busy,
  save,
}: {
  required: Role[];
  busy: boolean;
  save: (roles: Role[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className={styles.roles} aria-describedby={`${id}-hint`}>
      <legend>Two-step login required for</legend>
      <p id={`${id}-hint`} className={styles.muted}>
        A person of a ticked role sets it up at their next login.
      </p>
      {ROLES.map((role) => (
        <label key={role} className={styles.check}>
          <input
            type="checkbox"
            checked={required.includes(role)}
            disabled={busy}
            onChange={(e) =>
              save(e.target.checked ? [...required, role] : required.filter((r) => r !== role))
            }
          />
          {ROLE_NAMES[role]}
        </label>
      ))}
    </fieldset>
  );
}
