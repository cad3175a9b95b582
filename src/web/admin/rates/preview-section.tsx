/**
 * The Rates dialog's preview (RATES-4): a stay (check-in, check-out, guests) quoted by the shared
 * quoteStay on the rates as edited, before saving: the lines, the total and the advance, GST when
 * the site has a GSTIN, and what makes the stay impossible. Nothing is quoted while a rate is
 * refused.
 */
import { useId } from 'react';
import { QuoteLines } from '../../components/quote-lines.js';
import { NumberInput, RatesSection } from './rate-controls.js';
import type { RatesDialogState } from './use-rates-dialog.js';
import styles from './rates.module.css';
import { DateField } from '../../components/date-field.js';

export function PreviewSection({ state }: { state: RatesDialogState }) {
  const id = useId();
  const { stay, quote } = state;
  return (
    <RatesSection
      title="Preview a stay"
      hint="What a guest is quoted for this stay with the rates above, before you save."
    >
      <div className={styles.grid}>
        <DateField
          id={`${id}-in`}
          className={styles.field}
          label="Check-in"
          value={stay.checkIn}
          onChange={(checkIn) => state.setStay({ checkIn })}
        />
        <DateField
          id={`${id}-out`}
          className={styles.field}
          label="Check-out"
          value={stay.checkOut}
          min={stay.checkIn || undefined}
          onChange={(checkOut) => state.setStay({ checkOut })}
        />
        <NumberInput
          label="Number of guests"
          value={stay.guests}
          onChange={(guests) => state.setStay({ guests })}
        />
      </div>
      <div aria-live="polite">
        {!quote ? (
          <p className={styles.note}>Complete or correct the rates above to see the quote.</p>
        ) : (
          <>
            <QuoteLines
              quote={quote}
              layout="table"
              className={styles.quote}
              caption="Quote of this stay"
              advanceLabel="Advance when accepted"
            />
            {quote.problems.length > 0 && (
              <ul className={styles.problems} aria-label="Why this stay cannot be booked">
                {quote.problems.map((p) => (
                  <li key={`${p.field}:${p.error}`}>{p.error}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </RatesSection>
  );
}
