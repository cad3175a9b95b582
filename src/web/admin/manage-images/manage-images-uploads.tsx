/**
 * Manage Images' uploads (PHO-3): one row per file of the last upload, as useManageImagesDialog
 * holds them.
 */
import type { UploadRow } from './use-manage-images-dialog.js';
import styles from '../admin.module.css';

/** One row per file of the last upload: its name, its progress bar and why it failed (PHO-3). */
export function UploadList({ uploads }: { uploads: UploadRow[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className={styles.uploads} aria-label="Uploads">
      {uploads.map((u) => (
        <li key={u.key}>
          <span className={styles.fileName}>{u.fileName}</span>
          <progress max={1} value={u.progress} aria-label={`Uploading ${u.fileName}`} />
          {u.error !== undefined && <span className={styles.failed}>Not uploaded: {u.error}</span>}
        </li>
      ))}
    </ul>
  );
}
