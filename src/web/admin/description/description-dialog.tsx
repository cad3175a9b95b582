/**
 * The long-text editor: the in-page multi-line prompt of FLOW-8 for the description (PROP-7), the
 * house rules and the cancellation policy (BOOK-12); the browser's own prompt cannot take line
 * breaks, and the pages keep them. Save with a blank text, Cancel and Escape change nothing and
 * send nothing (FLOW-8). The text as typed and its saving are useDescriptionDialog's.
 */
import { useId } from 'react';
import type { LongTextField } from '../../admin-context.js';
import type { AdminActions } from '../admin-actions.js';
import { useDescriptionDialog, type DescriptionDraft } from './use-description-dialog.js';
import styles from '../admin.module.css';
import { AdminDialog } from '../admin-dialog.js';

export const DESCRIPTION_DIALOG_ID = 'edit-description';

/** What the editor calls each long text, in its title and its field's label. */
const TEXT_NAMES: Record<LongTextField, string> = {
  description: 'description',
  houseRules: 'house rules',
  cancellationPolicy: 'cancellation policy',
};

export interface DescriptionDialogProps {
  actions: AdminActions;
  /** What is being edited; null before the dialog is first opened. */
  target: DescriptionDraft | null;
  /** Changes on every opening: the editor starts again from `target`'s text. */
  opening: number;
  close: () => void;
}

export function DescriptionDialog({ actions, target, opening, close }: DescriptionDialogProps) {
  const fieldId = useId();
  const { draft, field, setText, save } = useDescriptionDialog(actions, target, opening);
  const name = TEXT_NAMES[field];
  return (
    <AdminDialog
      id={DESCRIPTION_DIALOG_ID}
      title={`Edit ${name}${draft ? `: ${draft.propertyName}` : ''}`}
      className={undefined}
      close={close}
      closeLabel="Cancel"
      actions={
        <button type="submit" className={styles.primary}>
          Save
        </button>
      }
      onSubmit={(e) => {
        e.preventDefault();
        if (!draft) return;
        close();
        save();
      }}
    >
      <label htmlFor={fieldId} className="visually-hidden">
        New {name}
      </label>
      <textarea
        id={fieldId}
        className={styles.textarea}
        value={draft?.text ?? ''}
        onChange={(e) => setText(e.currentTarget.value)}
      />
    </AdminDialog>
  );
}
