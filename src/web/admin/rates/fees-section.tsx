/**
 * The Rates dialog's fees, discounts and advance (RATES-1, PRICE-1, PRICE-4): the cleaning fee,
 * the weekly and monthly discounts and the part asked in advance.
 */
import { DEFAULT_ADVANCE_PERCENT } from '../../../shared/property-fields.js';
import { RateInput, RatesSection } from './rate-controls.js';
import type { RatesDialogState } from './use-rates-dialog.js';
import styles from './rates.module.css';

export function FeesSection({ state }: { state: RatesDialogState }) {
  return (
    <RatesSection
      title="Fees, discounts and advance"
      hint="Discounts come off the nights only, never the cleaning fee."
    >
      <div className={styles.grid}>
        <RateInput field="cleaningFee" state={state} note="Once per stay." />
        <RateInput field="weeklyDiscount" state={state} note="Stays of 7 nights or more." />
        <RateInput
          field="monthlyDiscount"
          state={state}
          note="Stays of 28 nights or more; replaces the weekly one."
        />
        <RateInput
          field="advancePercent"
          state={state}
          note={`Part of the total asked when a booking is accepted. Blank: ${DEFAULT_ADVANCE_PERCENT}%.`}
        />
      </div>
    </RatesSection>
  );
}
