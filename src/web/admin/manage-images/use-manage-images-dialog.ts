/**
 * The Manage Images dialog's state (ADMIN-3, PHO-3, FLOW-2): the property shown, read from the
 * page's data store (so every edit shows at once), and its uploads: several files sent one after
 * another, each with its own progress and, when refused, its own reason while the others go on.
 */
import { useState, useSyncExternalStore } from 'react';
import { newId, uploadName } from '../../../shared/catalogue.js';
import type { PageData, Property } from '../../../shared/site-data.js';
import type { AdminActions } from '../admin-actions.js';
import type { DataStore } from '../data-store.js';
import { uploadFile, uploadRefusal } from './upload.js';

export interface UploadRow {
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
function useUploads({
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

export interface ManageImagesDialogState {
  /** The page's data as it is now (its photo sizes feed the thumbnails). */
  data: PageData;
  /** The property shown; undefined before the first opening or once it is gone. */
  property: Property | undefined;
  uploads: UploadRow[];
  /** An upload runs: 'Upload Image' waits. */
  busy: boolean;
  /** Sends `files` to the property's photos (see useUploads). */
  uploadAll: (propertyId: string, files: File[]) => Promise<void>;
}

/** The dialog's state for `propertyId` (null before the first opening); `upload` sends one file. */
export function useManageImagesDialog({
  store,
  actions,
  propertyId,
  alert,
  upload = uploadFile,
}: {
  store: DataStore;
  actions: AdminActions;
  propertyId: string | null;
  alert: (message: string) => void;
  upload?: typeof uploadFile | undefined;
}): ManageImagesDialogState {
  const data = useSyncExternalStore(store.subscribe, store.get, store.get);
  const property = data.propertyList.find((p) => p.id === propertyId);
  const { uploads, busy, uploadAll } = useUploads({ actions, alert, upload });
  return { data, property, uploads, busy, uploadAll };
}
