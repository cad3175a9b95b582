/**
 * Manage Images' uploads (PHO-3, FLOW-2): several files sent one after another, each with its own
 * progress and, when refused, its own reason while the others go on.
 */
import { useState } from 'react';
import { newId, uploadName } from '../../../shared/catalogue.js';
import type { AdminActions } from '../admin-actions.js';
import { uploadRefusal, type uploadFile } from './upload.js';
import styles from '../admin.module.css';

interface UploadRow {
  key: string;
  fileName: string;
  /** 0..1 */
  progress: number;
  error?: string;
}

/**
 * The upload rows and `uploadAll(propertyId, files)`: each file is checked first (OPS-3), then sent
 * under a new unique name (FLOW-2) by `upload`; a session ended stops the rest ('not sent') and
 * alerts its sentence (the bar's notice is apiFetch's, CLIENT-2). Rows of stored files go when all are done; the refused ones stay, are told in
 * one alert, and the stored ones are appended to the property.
 * `busy` while a row has neither finished nor failed.
 */
export function useUploads({
  actions,
  alert,
  upload,
}: {
  actions: AdminActions;
  alert: (message: string) => void;
  upload: typeof uploadFile;
}) {
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const busy = uploads.some((u) => u.error === undefined);

  async function uploadAll(propertyId: string, files: File[]) {
    if (files.length === 0) return;
    const rows = files.map((f) => ({ key: newId(), fileName: f.name, progress: 0 }));
    setUploads(rows);
    const update = (key: string, patch: Partial<UploadRow>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    const stored: string[] = [];
    const failures: string[] = [];
    for (const [i, file] of files.entries()) {
      const row = rows[i]!;
      const refusal = uploadRefusal(file);
      if (refusal !== undefined) {
        update(row.key, { error: refusal });
        failures.push(`${file.name}: ${refusal}`);
        continue;
      }
      const name = uploadName(file.name, newId());
      const result = await upload(file, name, (progress) => update(row.key, { progress }));
      if (!result.ok && result.sessionEnded) {
        update(row.key, { error: result.error });
        rows.slice(i + 1).forEach((r) => update(r.key, { error: 'not sent' }));
        alert(result.error);
        break;
      }
      if (result.ok) {
        stored.push(name);
      } else {
        update(row.key, { error: result.error });
        failures.push(`${file.name}: ${result.error}`);
      }
    }
    setUploads((all) => all.filter((u) => u.error !== undefined));
    if (failures.length > 0) alert(`These photos were not uploaded:\n${failures.join('\n')}`);
    await actions.addUploadedPhotos(propertyId, stored);
  }

  return { uploads, busy, uploadAll };
}

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
