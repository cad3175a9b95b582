/** The Rates dialog's guests (RATES-1, PRICE-1, PRICE-3): guests included, the extra guest's rate, the most guests. */
import { RateInput, RatesSection } from './rate-controls.js';
import type { RatesDialogState } from './use-rates-dialog.js';
import styles from './rates.module.css';

export function GuestsSection({ state }: { state: RatesDialogState }) {
  return (
    <RatesSection title="Guests">
      <div className={styles.grid}>
        <RateInput
          field="includedGuests"
          state={state}
          note="Guests the nightly rate covers. Blank: every guest."
        />
        <RateInput
          field="extraGuestRate"
          state={state}
          note="For each guest above those, per night."
        />
        <RateInput field="maxGuests" state={state} note="Blank: no limit." />
      </div>
    </RatesSection>
  );
}
