/**
 * The guests and message section of the enquiry dialog (ENQ-1): the number of guests (at most the
 * property's `maxGuests`, PRICE-1, said next to the field) and an optional message, which every
 * way to send carries, the Request to Book included.
 */
import { STAY_LIMITS } from '../../shared/stay-request.js';
import { FieldError, errorAttributes } from './enquiry-field.js';
import type { EnquiryState } from './use-enquiry.js';
import styles from './enquiry-dialog.module.css';

export function EnquiryGuests({
  id,
  state,
  maxGuests,
}: {
  id: string;
  state: EnquiryState;
  maxGuests: number | undefined;
}) {
  const error = state.fieldError('guests');
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-guests`}>Guests</label>
        <input
          id={`${id}-guests`}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.min(STAY_LIMITS.guests, maxGuests ?? STAY_LIMITS.guests)}
          step={1}
          required
          className={styles.input}
          value={state.enquiry.guests}
          onChange={state.update('guests')}
          onBlur={state.touch('guests')}
          {...errorAttributes(`${id}-guests`, error)}
        />
        <FieldError id={`${id}-guests`} error={error} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>Message (optional)</label>
        <textarea
          id={`${id}-message`}
          className={styles.input}
          rows={3}
          maxLength={STAY_LIMITS.message}
          value={state.enquiry.message}
          onChange={state.update('message')}
        />
      </div>
    </>
  );
}
