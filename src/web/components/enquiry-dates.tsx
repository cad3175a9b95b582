/**
 * The dates section of the enquiry dialog (AVL-10, AVL-12, ENQ-3): what limits a stay (minimum
 * stay, its seasons, the most guests), said before the guest picks; whether the free nights could
 * be checked; the two-month calendar with each free night's price (stay-calendar.tsx, loaded on
 * the first opening: AVL-13); and the typed date fields, in step with it, for keyboard users.
 */
import { Suspense, lazy, type Ref } from 'react';
import { addDays } from '../../shared/calendar-dates.js';
import type { Property } from '../../shared/site-data.js';
import { stayLimitsText } from './enquiry.js';
import { DateField } from './date-field.js';
import type { Availability, EnquiryState } from './use-enquiry.js';
import styles from './enquiry-dialog.module.css';

const StayCalendar = lazy(() => import('./stay-calendar.js'));

/** The status line above the calendar (AVL-10, AVL-12): loading or failed, then the stay's limits (ENQ-3). */
function AvailabilityStatus({ state, limits }: { state: Availability['state']; limits: string }) {
  const status =
    state === 'loading'
      ? 'Checking which nights are free…'
      : state === 'failed'
        ? 'Availability could not be checked just now. You can still send your enquiry: the owner will confirm the dates.'
        : 'Free nights can be chosen below.';
  return (
    <p className={styles.availability} role="status">
      {limits ? `${status} ${limits}` : status}
    </p>
  );
}

export function EnquiryDates({
  id,
  state,
  property,
  firstField,
}: {
  id: string;
  state: EnquiryState;
  property: Property;
  /** The check-in field, focused when the dialog opens. */
  firstField: Ref<HTMLInputElement>;
}) {
  const { enquiry, today, fieldError } = state;
  const checkInError = fieldError('checkIn');
  const checkOutMin = addDays(
    checkInError || !/^\d{4}-\d{2}-\d{2}$/.test(enquiry.checkIn) ? today : enquiry.checkIn,
    1,
  );
  // DAY-7: the typed fields read and show 11 Dec 2026 whatever the browser's language.
  const dateField = (field: 'checkIn' | 'checkOut') => ({
    id: `${id}-${field}`,
    value: enquiry[field],
    onChange: state.setDay(field),
    onBlur: state.touch(field),
    required: true,
    noPicker: true,
    inputClassName: styles.input,
  });
  return (
    <>
      <AvailabilityStatus state={state.availability.state} limits={stayLimitsText(property)} />
      <Suspense fallback={<div className={styles.calendarSpace} />}>
        <StayCalendar
          dates={{ checkIn: enquiry.checkIn, checkOut: enquiry.checkOut }}
          rules={state.rules}
          month={state.month}
          onMonthChange={state.setMonth}
          onChange={state.pickDates}
          {...(state.priceOf ? { priceOf: state.priceOf } : {})}
        />
      </Suspense>
      <div className={styles.dates}>
        <DateField
          className={styles.field}
          label="Check-in"
          inputRef={firstField}
          min={today}
          error={checkInError}
          {...dateField('checkIn')}
        />
        <DateField
          className={styles.field}
          label="Check-out"
          min={checkOutMin}
          error={fieldError('checkOut')}
          {...dateField('checkOut')}
        />
      </div>
    </>
  );
}
