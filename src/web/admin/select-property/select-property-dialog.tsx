/**
 * The Select Property dialog (ADMIN-4): one button per property, labelled with its name.
 * Choosing one adds it to the category the dialog was opened for and runs the full flush (FLOW-7).
 * A native modal `<dialog id="select-property">`, opened through window.openDialog (FOOT-3).
 */
import { useSyncExternalStore } from 'react';
import type { AdminActions } from '../admin-actions.js';
import type { DataStore } from '../data-store.js';
import styles from '../admin.module.css';

export const SELECT_PROPERTY_ID = 'select-property';

export interface SelectPropertyDialogProps {
  store: DataStore;
  actions: AdminActions;
  /** The category a chosen property goes to; null before the dialog is first opened. */
  sectionId: string | null;
  close: () => void;
}

export function SelectPropertyDialog({
  store,
  actions,
  sectionId,
  close,
}: SelectPropertyDialogProps) {
  const data = useSyncExternalStore(store.subscribe, store.get, store.get);
  const section = data.homeSections.find((s) => s.id === sectionId);
  return (
    <dialog
      id={SELECT_PROPERTY_ID}
      className={styles.dialog}
      aria-labelledby={`${SELECT_PROPERTY_ID}-title`}
    >
      <h2 id={`${SELECT_PROPERTY_ID}-title`} className={styles.dialogTitle}>
        Select Property{section ? ` for ${section.name}` : ''}
      </h2>
      {section && (
        <ul className={styles.properties}>
          {data.propertyList.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={styles.button}
                onClick={() => {
                  close();
                  void actions.chooseProperty(section.id, p.id);
                }}
              >
                {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form method="dialog" className={styles.footerRow}>
        <button type="submit" className={styles.button}>
          Cancel
        </button>
      </form>
    </dialog>
  );
}
