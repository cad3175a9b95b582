/**
 * The description editor: the in-page multi-line prompt of FLOW-8 (the browser's own prompt
 * cannot take line breaks, and PROP-7 keeps them). Save with a blank text, Cancel and Escape
 * change nothing and send nothing (FLOW-8).
 */
import { useId } from 'react';
import type { AdminActions } from './admin-actions.js';
import styles from './admin.module.css';

export const DESCRIPTION_DIALOG_ID = 'edit-description';

export interface DescriptionDraft {
  propertyId: string;
  propertyName: string;
  text: string;
}

export interface DescriptionDialogProps {
  actions: AdminActions;
  /** What is being edited; null before the dialog is first opened. */
  draft: DescriptionDraft | null;
  onChange: (text: string) => void;
  close: () => void;
}

export function DescriptionDialog({ actions, draft, onChange, close }: DescriptionDialogProps) {
  const fieldId = useId();
  return (
    <dialog
      id={DESCRIPTION_DIALOG_ID}
      className={styles.dialog}
      aria-labelledby={`${DESCRIPTION_DIALOG_ID}-title`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!draft) return;
          close();
          void actions.saveDescription(draft.propertyId, draft.text);
        }}
      >
        <h2 id={`${DESCRIPTION_DIALOG_ID}-title`} className={styles.dialogTitle}>
          Edit description{draft ? `: ${draft.propertyName}` : ''}
        </h2>
        <label htmlFor={fieldId} className="visually-hidden">
          New description
        </label>
        <textarea
          id={fieldId}
          className={styles.textarea}
          value={draft?.text ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        <div className={styles.footerRow}>
          <button type="button" className={styles.button} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={styles.primary}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
