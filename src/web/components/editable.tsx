/**
 * In-place editing targets for admin mode (PROP-8: clicking the name, address, description,
 * facilities or hero image triggers edit prompts). Without `onEdit` (a visitor) they render their
 * content unchanged, so visitors get no extra markup.
 */
import type { ReactNode } from 'react';
import styles from './editable.module.css';

export interface EditableProps {
  /** Called on click; undefined for visitors. */
  onEdit: (() => void) | undefined;
  /** What is edited, for the accessible name of the edit control, e.g. "facilities". */
  label: string;
  children: ReactNode;
}

/** Inline (phrasing) content: in admin mode the content itself is the button. */
export function EditableText({ onEdit, label, children }: EditableProps) {
  if (!onEdit) return children;
  return (
    <button type="button" className={styles.text} onClick={onEdit} title={`Edit ${label}`}>
      {children}
    </button>
  );
}

/**
 * Block content (lists, HTML): in admin mode clicking anywhere in it edits, and an 'Edit {label}'
 * button inside gives keyboard users the same action.
 */
export function EditableBlock({ onEdit, label, children }: EditableProps) {
  if (!onEdit) return children;
  return (
    <div className={styles.block} onClick={onEdit} title={`Edit ${label}`}>
      {children}
      <button type="button" className={styles.blockButton}>
        Edit {label}
      </button>
    </div>
  );
}
