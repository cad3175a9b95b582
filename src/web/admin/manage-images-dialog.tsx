/**
 * The Manage Images dialog (spec §2 Admin bar, §4): the property's photos, each with a thumbnail,
 * a 'Show On Home'/'Hide On Home' toggle, a 'Make Hero' button and a delete (trash) button named
 * 'Delete photo'; plus 'Upload Image', which uploads several files one after another, each with
 * its own progress bar, under its new unique name (spec §5), then appends the stored ones.
 * A native modal `<dialog id="manage-images">`, opened through window.openDialog (spec §4).
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import { newId, uploadName } from '../../shared/catalogue.js';
import { ResponsivePhoto, photoAlt } from '../components/responsive-photo.js';
import type { AdminActions } from './admin-actions.js';
import type { DataStore } from './data-store.js';
import { LOGIN_MESSAGE, type Notice } from './flush.js';
import { uploadFile } from './upload.js';
import styles from './admin.module.css';

export const MANAGE_IMAGES_ID = 'manage-images';

interface UploadRow {
  key: string;
  fileName: string;
  /** 0..1 */
  progress: number;
  error?: string;
}

export interface ManageImagesDialogProps {
  store: DataStore;
  actions: AdminActions;
  /** The property whose photos are shown; null before the dialog is first opened. */
  propertyId: string | null;
  alert: (message: string) => void;
  notify: (notice: Notice) => void;
  /** Uploads one file; defaults to uploadFile (tests pass their own). */
  upload?: typeof uploadFile;
}

function TrashIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
      />
    </svg>
  );
}

export function ManageImagesDialog({
  store,
  actions,
  propertyId,
  alert,
  notify,
  upload = uploadFile,
}: ManageImagesDialogProps) {
  const data = useSyncExternalStore(store.subscribe, store.get, store.get);
  const property = data.propertyList.find((p) => p.id === propertyId);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const busy = uploads.some((u) => u.error === undefined);
  const input = useRef<HTMLInputElement>(null);

  async function uploadAll(files: File[]) {
    if (!property || files.length === 0) return;
    const rows = files.map((f) => ({ key: newId(), fileName: f.name, progress: 0 }));
    setUploads(rows);
    const update = (key: string, patch: Partial<UploadRow>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    const stored: string[] = [];
    const failures: string[] = [];
    for (const [i, file] of files.entries()) {
      const row = rows[i]!;
      const name = uploadName(file.name, newId());
      const result = await upload(file, name, (progress) => update(row.key, { progress }));
      if (result.status === 401) {
        update(row.key, { error: 'not logged in' });
        rows.slice(i + 1).forEach((r) => update(r.key, { error: 'not sent' }));
        alert(LOGIN_MESSAGE);
        notify({ message: LOGIN_MESSAGE, login: true });
        break;
      }
      if (result.ok) {
        stored.push(name);
      } else {
        const reason = result.error ?? `the server answered ${result.status}`;
        update(row.key, { error: reason });
        failures.push(`${file.name}: ${reason}`);
      }
    }
    setUploads((all) => all.filter((u) => u.error !== undefined));
    if (failures.length > 0) alert(`These photos were not uploaded:\n${failures.join('\n')}`);
    await actions.addUploadedPhotos(property.id, stored);
  }

  return (
    <dialog
      id={MANAGE_IMAGES_ID}
      className={styles.dialog}
      aria-labelledby={`${MANAGE_IMAGES_ID}-title`}
    >
      <h2 id={`${MANAGE_IMAGES_ID}-title`} className={styles.dialogTitle}>
        Manage Images{property ? `: ${property.name}` : ''}
      </h2>
      {property && (
        <>
          <ul className={styles.photos} aria-label="Photos">
            {property.photos.map((photo, i) => (
              <li key={photo.name} className={styles.photo} data-photo={photo.name}>
                <ResponsivePhoto
                  name={photo.name}
                  size={data.photoSizes[photo.name]}
                  alt={photoAlt(property.name, i + 1, property.photos.length)}
                  sizes="240px"
                  className={styles.thumb}
                />
                <p className={styles.flags}>
                  {photo.best ? 'Hero photo · ' : ''}
                  {photo.home ? 'Shown on home' : 'Hidden from home'}
                </p>
                <div className={styles.photoActions}>
                  <button
                    type="button"
                    className={styles.button}
                    data-focus-key={`home:${photo.name}`}
                    onClick={() => actions.toggleHome(property.id, photo.name)}
                  >
                    {photo.home ? 'Hide On Home' : 'Show On Home'}
                  </button>
                  <button
                    type="button"
                    className={styles.button}
                    disabled={photo.best}
                    onClick={() => void actions.makeHero(property.id, photo.name)}
                  >
                    Make Hero
                  </button>
                  <button
                    type="button"
                    className={styles.danger}
                    aria-label="Delete photo"
                    title="Delete photo"
                    onClick={() => void actions.deletePhoto(property.id, photo.name)}
                  >
                    <TrashIcon />
                  </button>
                </div>
              </li>
            ))}
          </ul>
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
              void uploadAll(files);
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
          {uploads.length > 0 && (
            <ul className={styles.uploads} aria-label="Uploads">
              {uploads.map((u) => (
                <li key={u.key}>
                  <span className={styles.fileName}>{u.fileName}</span>
                  <progress max={1} value={u.progress} aria-label={`Uploading ${u.fileName}`} />
                  {u.error !== undefined && (
                    <span className={styles.failed}>Not uploaded: {u.error}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form method="dialog" className={styles.footerRow}>
        <button type="submit" className={styles.button}>
          Close
        </button>
      </form>
    </dialog>
  );
}
