/**
 * The Rates dialog (RATES-1..RATES-5), opened by the 'Rates' control of a property page in admin
 * mode: every rate field of the property in sections (base rates, guests, fees and discounts,
 * seasons, preview), each checked as typed by its import rule, and a preview quote before saving.
 * 'Save and publish' stores them as one catalogue edit and runs the full flush (admin-actions.ts
 * saveRates: import, publish, the Result alert and a reload, FLOW-4); it is refused while a field
 * is. A native modal `<dialog id="rates">`, opened through window.openDialog (FOOT-3) like the
 * other admin dialogs.
 */
import type { AdminActions } from '../admin-actions.js';
import adminStyles from '../admin.module.css';
import { AdminDialog } from '../admin-dialog.js';
import { BaseRatesSection } from './base-rates-section.js';
import { FeesSection } from './fees-section.js';
import { GuestsSection } from './guests-section.js';
import { PreviewSection } from './preview-section.js';
import { SeasonsSection } from './seasons-section.js';
import { useRatesDialog, type RatesTarget } from './use-rates-dialog.js';
import styles from './rates.module.css';

export const RATES_DIALOG_ID = 'rates';

export interface RatesDialogProps {
  /** The property edited; null before the dialog is first opened. */
  target: RatesTarget | null;
  actions: Pick<AdminActions, 'saveRates'>;
  close: () => void;
}

export function RatesDialog({ target, actions, close }: RatesDialogProps) {
  const state = useRatesDialog(target);
  const refused = Object.keys(state.errors).length;
  return (
    <AdminDialog
      id={RATES_DIALOG_ID}
      title={`Rates${target ? `: ${target.property.name}` : ''}`}
      className={styles.dialog}
      footerClassName={styles.footer}
      close={close}
      footer={
        <p className={refused ? styles.error : styles.note} role="status">
          {refused
            ? `${refused === 1 ? 'One box needs' : `${refused} boxes need`} correcting before saving.`
            : state.dirty
              ? 'Changes not saved yet.'
              : ''}
        </p>
      }
      actions={
        <button type="submit" className={adminStyles.primary} disabled={!state.dirty}>
          Save and publish
        </button>
      }
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const rates = state.submit();
        if (!target || !rates) return;
        close();
        void actions.saveRates(target.property.id, rates);
      }}
    >
      <p className={adminStyles.hint}>Whole rupees. A blank box is not set.</p>
      <BaseRatesSection state={state} />
      <GuestsSection state={state} />
      <FeesSection state={state} />
      <SeasonsSection state={state} />
      <PreviewSection state={state} />
    </AdminDialog>
  );
}
