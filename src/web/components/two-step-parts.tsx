/**
 * Two-step login's parts shown in two places (TOTP-2, TOTP-3): the QR code to scan, with the secret
 * to type when the camera will not do, and the recovery codes shown once. The login form (a role
 * that requires it, set up at login) and the Team dialog's own setup use the same ones.
 */
import type { TwoStepEnrolment } from '../../shared/two-step.js';
import styles from './two-step-parts.module.css';

/** The QR code of `enrolment` and its secret in groups of four. */
export function QrToScan({ enrolment }: { enrolment: TwoStepEnrolment }) {
  return (
    <div className={styles.scan}>
      <p>
        Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
        2FAS, …), add an account and scan this code.
      </p>
      <img src={enrolment.qrSvgDataUrl} alt="QR code to scan with your authenticator app" />
      <p>
        No camera? Type this key in the app instead:{' '}
        <span className={styles.secret}>{enrolment.secret}</span>
      </p>
    </div>
  );
}

/** The recovery codes, shown once, with what they are for. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div>
      <p>
        <strong>Write these recovery codes down and keep them safe.</strong> If you lose your phone,
        each one logs you in once instead of a code from the app. They are shown only now.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
