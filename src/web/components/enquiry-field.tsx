/**
 * A field's error next to it (ENQ-1, A11Y: the message is the field's description and the field
 * says it is invalid), shared by the enquiry dialog's sections.
 */
import styles from './enquiry-dialog.module.css';

/** The aria attributes of a field with `error` (none without), its message having the id `${id}-error`. */
export function errorAttributes(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** The message under a field, or nothing. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.error}>
      {error}
    </p>
  ) : null;
}
