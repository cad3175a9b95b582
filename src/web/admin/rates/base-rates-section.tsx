/** The Rates dialog's base rates (RATES-1, AVL-2, PRICE-3): the weekday and weekend nights, the minimum stay. */
import { RateInput, RatesSection } from './rate-controls.js';
import type { RatesDialogState } from './use-rates-dialog.js';
import styles from './rates.module.css';

export function BaseRatesSection({ state }: { state: RatesDialogState }) {
  return (
    <RatesSection
      title="Nightly rates"
      hint="Without a nightly rate no price is shown anywhere. A season's rate replaces both."
    >
      <div className={styles.grid}>
        <RateInput field="nightlyRate" state={state} note="Sunday to Thursday nights." />
        <RateInput
          field="weekendRate"
          state={state}
          note="Friday and Saturday nights. Blank: the nightly rate."
        />
        <RateInput
          field="minNights"
          state={state}
          after="nights"
          note="Outside seasons. Blank: 1 night."
        />
      </div>
    </RatesSection>
  );
}
