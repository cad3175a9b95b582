/**
 * The Manage Images dialog (ADMIN-3, FLOW-1..FLOW-3): the property's photos in their order, each
 * with a thumbnail, its description, a 'Show On Home'/'Hide On Home' toggle, a 'Make Hero'
 * button, a delete (trash) button named 'Delete photo', 'Move Earlier' and 'Move Later' (PHO-1),
 * 'Describe' (PHO-2) and a drag handle (PHO-1: pointer, touch after a short press, or keyboard
 * with Space and the arrow keys); plus 'Upload Image' (the phone's gallery or camera: accept
 * image/*, MOB-1), which uploads several files one after another, each with its own progress bar
 * and, when the server refuses it, its own reason while the others go on (PHO-3), under its new
 * unique name (FLOW-2), then appends the stored ones. Upload comes first, so its progress and
 * errors show at the top of the dialog even on a phone, above a long list of photos.
 * A native modal `<dialog id="manage-images">` in the shared AdminDialog frame (DLG-1), opened
 * through window.openDialog (FOOT-3); the frame's `ref` hands the element to the drag and drop,
 * whose announcements must be spoken inside the modal. Its state is useManageImagesDialog's, its
 * sections UploadList and SortablePhotoList.
 */
import { useRef, useState } from 'react';
import type { AdminActions } from '../admin-actions.js';
import type { DataStore } from '../data-store.js';
import { SortablePhotoList } from './manage-images-photos.js';
import { UploadList } from './manage-images-uploads.js';
import { AdminDialog } from '../admin-dialog.js';
import type { uploadFile } from './upload.js';
import { useManageImagesDialog } from './use-manage-images-dialog.js';
import styles from '../admin.module.css';

export const MANAGE_IMAGES_ID = 'manage-images';

export interface ManageImagesDialogProps {
  store: DataStore;
  actions: AdminActions;
  /** The property whose photos are shown; null before the dialog is first opened. */
  propertyId: string | null;
  alert: (message: string) => void;
  close: () => void;
  /** Uploads one file; defaults to uploadFile (tests pass their own). */
  upload?: typeof uploadFile;
}

export function ManageImagesDialog(props: ManageImagesDialogProps) {
  const { actions, close } = props;
  const { data, property, uploads, busy, uploadAll } = useManageImagesDialog(props);
  const input = useRef<HTMLInputElement>(null);
  const [dialogElement, setDialogElement] = useState<HTMLDialogElement | null>(null);

  return (
    <AdminDialog
      ref={setDialogElement}
      id={MANAGE_IMAGES_ID}
      title={`Manage Images${property ? `: ${property.name}` : ''}`}
      className={undefined}
      close={close}
    >
      {property && (
        <>
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            hidden
            data-testid="upload-input"
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = '';
              void uploadAll(property.id, files);
            }}
          />
          <button
            type="button"
            className={styles.primary}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) input.current?.click();
            }}
          >
            Upload Image
          </button>
          <UploadList uploads={uploads} />
          <SortablePhotoList
            property={property}
            photoSizes={data.photoSizes}
            actions={actions}
            dialog={dialogElement}
          />
        </>
      )}
    </AdminDialog>
  );
}
