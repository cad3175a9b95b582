/**
 * The Select Property dialog (ADMIN-4): one button per property, labelled with its name.
 * Choosing one adds it to the category the dialog was opened for and runs the full flush (FLOW-7).
 * A native modal `<dialog id="select-property">`, opened through window.openDialog (FOOT-3).
 */
import { useSyncExternalStore } from 'react';
import type { AdminActions } from '../admin-actions.js';
import type { DataStore } from '../data-store.js';
import styles from '../admin.module.css';
import { AdminDialog } from '../admin-dialog.js';

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
    <AdminDialog
      id={SELECT_PROPERTY_ID}
      title={`Select Property${section ? ` for ${section.name}` : ''}`}
      className={undefined}
      close={close}
      closeLabel="Cancel"
    >
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
    </AdminDialog>
  );
}
