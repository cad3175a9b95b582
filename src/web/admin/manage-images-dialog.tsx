/**
 * The Manage Images dialog (spec §2 Admin bar, §4): the property's photos in their order, each
 * with a thumbnail, its description, a 'Show On Home'/'Hide On Home' toggle, a 'Make Hero'
 * button, a delete (trash) button named 'Delete photo', 'Move Earlier' and 'Move Later' (PHO-1),
 * 'Describe' (PHO-2) and a drag handle (PHO-1: pointer, touch after a short press, or keyboard
 * with Space and the arrow keys); plus 'Upload Image' (the phone's gallery or camera: accept
 * image/*, MOB-1), which uploads several files one after another, each with its own progress bar
 * and, when the server refuses it, its own reason while the others go on (PHO-3), under its new
 * unique name (spec §5), then appends the stored ones. Upload comes first, so its progress and
 * errors show at the top of the dialog even on a phone, above a long list of photos.
 * A native modal `<dialog id="manage-images">`, opened through window.openDialog (spec §4).
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { newId, uploadName } from '../../shared/catalogue.js';
import type { Photo } from '../../shared/site-data.js';
import { ResponsivePhoto, photoAltText } from '../components/responsive-photo.js';
import type { AdminActions } from './admin-actions.js';
import type { DataStore } from './data-store.js';
import { LOGIN_MESSAGE, type Notice } from './flush.js';
import { uploadFile, uploadRefusal } from './upload.js';
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

function GripIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 4h3v3H8V4zm5 0h3v3h-3V4zM8 10.5h3v3H8v-3zm5 0h3v3h-3v-3zM8 17h3v3H8v-3zm5 0h3v3h-3v-3z"
      />
    </svg>
  );
}

/** Screen-reader words for a drag (PHO-1): dnd-kit's defaults speak of ids, these of photo numbers. */
function dragAnnouncements(photos: Photo[]) {
  const place = (id: string | number) => photos.findIndex((p) => p.name === id) + 1;
  return {
    onDragStart: ({ active }: { active: { id: string | number } }) =>
      `Picked up photo ${place(active.id)}. Move it with the arrow keys, drop it with Space, cancel with Escape.`,
    onDragOver: ({ over }: { over: { id: string | number } | null }) =>
      over ? `Over the place of photo ${place(over.id)}.` : 'Not over a photo.',
    onDragEnd: ({ over }: { over: { id: string | number } | null }) =>
      over ? `Dropped at the place of photo ${place(over.id)}.` : 'Dropped where it was.',
    onDragCancel: () => 'Moving cancelled: the photo stays where it was.',
  };
}

/** One photo of the list, sortable by its drag handle (PHO-1). */
function SortablePhoto({
  photo,
  label,
  children,
}: {
  photo: Photo;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: photo.name });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={`${styles.button} ${styles.handle}`}
      {...attributes}
      {...listeners}
      aria-label={label}
      title={label}
    >
      <GripIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`${styles.photo}${isDragging ? ` ${styles.dragging}` : ''}`}
      data-photo={photo.name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
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
  const [dialogElement, setDialogElement] = useState<HTMLDialogElement | null>(null);
  const sensors = useSensors(
    // A small move or a short press first, so a tap on a button is a tap and a swipe still scrolls.
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dropped({ active, over }: DragEndEvent) {
    if (!property || !over || active.id === over.id) return;
    const to = property.photos.findIndex((p) => p.name === over.id);
    if (to !== -1) void actions.movePhoto(property.id, String(active.id), to);
  }

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
      const refusal = uploadRefusal(file);
      if (refusal !== undefined) {
        update(row.key, { error: refusal });
        failures.push(`${file.name}: ${refusal}`);
        continue;
      }
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
      ref={setDialogElement}
      id={MANAGE_IMAGES_ID}
      className={styles.dialog}
      aria-labelledby={`${MANAGE_IMAGES_ID}-title`}
    >
      <h2 id={`${MANAGE_IMAGES_ID}-title`} className={styles.dialogTitle}>
        Manage Images{property ? `: ${property.name}` : ''}
      </h2>
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
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={dropped}
            accessibility={{
              announcements: dragAnnouncements(property.photos),
              // Inside the modal dialog: everything outside it is inert, so unheard.
              ...(dialogElement ? { container: dialogElement } : {}),
              screenReaderInstructions: {
                draggable:
                  'To move this photo, press Space, then the arrow keys, then Space to drop it, or Escape to cancel. On a touch screen, press and hold, then slide.',
              },
            }}
          >
            <SortableContext
              items={property.photos.map((p) => p.name)}
              strategy={rectSortingStrategy}
            >
              <ul className={styles.photos} aria-label="Photos">
                {property.photos.map((photo, i) => {
                  const n = i + 1;
                  const total = property.photos.length;
                  const moveTo = (to: number) => {
                    if (to >= 0 && to < total) void actions.movePhoto(property.id, photo.name, to);
                  };
                  return (
                    <SortablePhoto
                      key={photo.name}
                      photo={photo}
                      label={`Drag photo ${n} to another place`}
                    >
                      {(handle) => (
                        <>
                          <ResponsivePhoto
                            name={photo.name}
                            size={data.photoSizes[photo.name]}
                            alt={photoAltText(photo, property.name, n, total)}
                            sizes="240px"
                            className={styles.thumb}
                          />
                          <p className={styles.flags}>
                            Photo {n} of {total}
                            {photo.best ? ' · Hero photo' : ''}
                            {photo.home ? ' · Shown on home' : ' · Hidden from home'}
                          </p>
                          <p className={styles.alt}>
                            {photo.alt === undefined ? 'No description yet' : `“${photo.alt}”`}
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
                              className={styles.button}
                              data-focus-key={`describe:${photo.name}`}
                              onClick={() => void actions.describePhoto(property.id, photo.name)}
                            >
                              Describe
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
                          <div className={styles.photoActions}>
                            {/* aria-disabled, not disabled: the button keeps focus when the photo reaches an end. */}
                            <button
                              type="button"
                              className={styles.button}
                              aria-disabled={i === 0}
                              data-focus-key={`earlier:${photo.name}`}
                              onClick={() => moveTo(i - 1)}
                            >
                              Move Earlier
                            </button>
                            <button
                              type="button"
                              className={styles.button}
                              aria-disabled={i === total - 1}
                              data-focus-key={`later:${photo.name}`}
                              onClick={() => moveTo(i + 1)}
                            >
                              Move Later
                            </button>
                            {handle}
                          </div>
                        </>
                      )}
                    </SortablePhoto>
                  );
                })}
              </ul>
            </SortableContext>
          </DndContext>
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
