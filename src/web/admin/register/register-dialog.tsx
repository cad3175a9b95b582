/**
 * The Register dialog (REG-5, REG-6), opened by the admin bar's 'Register' control: a day (today
 * by default), its arrivals and departures, the confirmed bookings with no entry, the form that
 * records an adult at check-in (register-check-in.tsx, REG-4, REG-11), and each foreign
 * guest's Form III worksheet with Copy buttons and Mark submitted; links to the printable register
 * and the CSV of the day's month. State: useRegisterDialog (the admin root holds it, so the bar
 * can say "Form III due in 5 h"). A native modal `<dialog id="register">`.
 */
import { useId } from 'react';
import { REGISTER_API } from '../../../shared/register.js';
import type { RegisterDialogState } from './use-register-dialog.js';
import { CheckInSection } from './register-check-in.js';
import { GuestsSection, MissingSection, Worksheet } from './register-sections.js';
import { ProblemText } from '../problem-text.js';
import { AdminDialog } from '../admin-dialog.js';
import admin from '../admin.module.css';
import bookings from '../bookings/bookings.module.css';
import styles from './register.module.css';
import { DateField } from '../../components/date-field.js';

export const REGISTER_DIALOG_ID = 'register';

/** Writes `text` to the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function RegisterDialog({
  state: d,
  properties,
  close,
}: {
  state: RegisterDialogState;
  /** The properties a guest recorded at check-in may stay at. */
  properties: readonly { id: string; name: string }[];
  close: () => void;
}) {
  const id = useId();
  const month = d.day.slice(0, 7);
  const [year, m] = month.split('-').map(Number);
  const range = new URLSearchParams({
    from: `${month}-01`,
    // Day 0 of the next month: the month's last day.
    to: new Date(Date.UTC(year!, m!, 0)).toISOString().slice(0, 10),
  });
  return (
    <AdminDialog id={REGISTER_DIALOG_ID} title="Register" className={bookings.dialog} close={close}>
      <DateField
        id={`${id}-day`}
        className={styles.day}
        label="Day"
        value={d.day}
        onChange={(day) => day && d.setDay(day)}
      />
      <p className={d.error ? bookings.loadError : bookings.loadStatus} role="status">
        {d.error ? <ProblemText problem={d.error} /> : d.loading ? 'Loading…' : null}
      </p>
      <GuestsSection
        title="Arrivals"
        entries={d.arrivals}
        empty="No guest registered as arriving this day."
      />
      <GuestsSection
        title="Departures"
        entries={d.departures}
        empty="No guest registered as leaving this day."
      />
      <MissingSection missing={d.missing} />
      <CheckInSection
        day={d.day}
        missing={d.missing}
        properties={properties}
        record={d.recordEntry}
      />
      {d.formIII.length > 0 && (
        <section aria-labelledby={`${id}-form-iii`} className={styles.section}>
          <h3 id={`${id}-form-iii`}>{`Form III to submit (${d.formIII.length})`}</h3>
          <p className={styles.hint}>
            Report each foreign guest (OCI cardholders too) on the Immigration portal within 24
            hours of arrival, then mark it submitted with the portal’s reference.
          </p>
          {d.formIII.map((e) => (
            <Worksheet
              key={e.id}
              entry={e}
              now={d.now}
              copy={copyText}
              markSubmitted={d.markSubmitted}
            />
          ))}
        </section>
      )}
      <p>For an inspection, the register of {month}:</p>
      <div className={admin.buttons}>
        <a
          className={admin.button}
          href={`${REGISTER_API.print}?${range}`}
          target="_blank"
          rel="noopener"
        >
          Printable page
        </a>
        <a className={admin.button} href={`${REGISTER_API.csv}?${range}`}>
          Spreadsheet (CSV)
        </a>
      </div>
    </AdminDialog>
  );
}
