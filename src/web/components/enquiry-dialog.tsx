/**
 * The 'Check Availability' enquiry dialog (PROP-2, ENQ-1..ENQ-7): the visitor picks dates and
 * guests, sees the price as it is chosen, adds an optional message, and asks to book on the site:
 * the dialog's one primary action, Request to book, under the total, the advance and the day the
 * balance is due (DAY-14); questions first go to the owner through WhatsApp, e-mail or a call,
 * quieter buttons below it.
 *
 * A state hook (use-enquiry.ts) and one component per section (decision 012): the dates and the
 * calendar (enquiry-dates.tsx), guests and message (enquiry-guests.tsx), the price
 * (enquiry-breakdown.tsx), the ways to send (enquiry-send.tsx) and the request form
 * (enquiry-request.tsx). The rules and texts live in enquiry.ts, the price in shared/quote.ts.
 * The whole dialog is loaded with its first opening (PERF-2, AVL-13).
 *
 * A native <dialog> opened with showModal() (DESIGN.md: accessible, zero weight): the browser moves
 * focus in, keeps it inside, closes on Escape and returns focus to the button that opened it.
 * Nothing is rendered until the first opening, so the prerendered page carries none of it; after that
 * the closed <dialog> stays mounted so that what the visitor typed is kept and focus can return.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { EnquiryBreakdown } from './enquiry-breakdown.js';
import { EnquiryDates } from './enquiry-dates.js';
import { EnquiryGuests } from './enquiry-guests.js';
import { EnquiryRequest } from './enquiry-request.js';
import { EnquirySend } from './enquiry-send.js';
import { useEnquiry } from './use-enquiry.js';
import styles from './enquiry-dialog.module.css';

export interface EnquiryDialogProps {
  property: Property;
  site: SiteInfo;
  /** True shows the dialog (showModal); false closes it. */
  open: boolean;
  /** Called when the dialog closes itself: Escape, the Close button. The parent then sets `open` false. */
  onClose: () => void;
  /** Origin of the API (availability, bookings); '' (the default) is the page's own server. */
  apiBase?: string;
}

export function EnquiryDialog(props: EnquiryDialogProps) {
  const [everOpened, setEverOpened] = useState(props.open);
  if (props.open && !everOpened) setEverOpened(true);
  return everOpened ? <EnquiryForm {...props} /> : null;
}

function EnquiryForm({ property, site, open, onClose, apiBase = '' }: EnquiryDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const id = useId();
  const state = useEnquiry({ property, site, open, apiBase });

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Start where the visitor starts: browsers differ on which element showModal() focuses.
      // The dialog opens at its top, its title in view (DAY-14), however tall it is on a phone.
      firstField.current?.focus({ preventScroll: true });
      d.scrollTop = 0;
    } else if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={`${id}-title`} className={styles.title}>
          {property.name}
        </h2>
        <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <p id={`${id}-intro`} className={styles.intro}>
        Check availability: choose your dates, then send your enquiry to the owner.
      </p>
      <form className={styles.form} noValidate onSubmit={(e) => e.preventDefault()}>
        <EnquiryDates id={id} state={state} property={property} firstField={firstField} />
        <EnquiryGuests id={id} state={state} maxGuests={property.maxGuests} />
      </form>
      {!state.taken && <EnquiryBreakdown id={id} quote={state.quote} />}
      <EnquiryRequest id={id} state={state} balanceDueDays={site.balanceDueDays} />
      <EnquirySend id={id} state={state} site={site} />
    </dialog>
  );
}
