/**
 * Manage Images' list of photos (ADMIN-3): one card per photo with its thumbnail, flags,
 * description and buttons, sortable by a drag handle (PHO-1: pointer, touch after a short press,
 * or keyboard with Space and the arrow keys), told to screen readers in photo numbers.
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
import type { ReactNode } from 'react';
import type { Photo, PhotoSize, Property } from '../../../shared/site-data.js';
import { ResponsivePhoto, photoAltText } from '../../components/responsive-photo.js';
import type { AdminActions } from '../admin-actions.js';
import styles from '../admin.module.css';

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

/**
 * The card of photo `index` (0-based) of `property`'s `total`: thumbnail, flags, description,
 * then 'Show/Hide On Home', 'Make Hero', 'Describe' (PHO-2), 'Delete photo' (FLOW-1, FLOW-3), and
 * 'Move Earlier', 'Move Later' and the drag handle (PHO-1).
 */
function PhotoCard({
  property,
  photo,
  index: i,
  size,
  actions,
}: {
  property: Property;
  photo: Photo;
  index: number;
  size: PhotoSize | undefined;
  actions: AdminActions;
}) {
  const n = i + 1;
  const total = property.photos.length;
  const moveTo = (to: number) => {
    if (to >= 0 && to < total) void actions.movePhoto(property.id, photo.name, to);
  };
  return (
    <SortablePhoto photo={photo} label={`Drag photo ${n} to another place`}>
      {(handle) => (
        <>
          <ResponsivePhoto
            name={photo.name}
            size={size}
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
}

/**
 * The property's photos as a sortable list (PHO-1); a drop moves the photo to the place of the
 * one it is over. `dialog` is the modal around it, where drag announcements must be spoken:
 * everything outside a modal dialog is inert, so unheard.
 */
export function SortablePhotoList({
  property,
  photoSizes,
  actions,
  dialog,
}: {
  property: Property;
  photoSizes: Record<string, PhotoSize>;
  actions: AdminActions;
  dialog: HTMLDialogElement | null;
}) {
  const sensors = useSensors(
    // A small move or a short press first, so a tap on a button is a tap and a swipe still scrolls.
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const to = property.photos.findIndex((p) => p.name === over.id);
    if (to !== -1) void actions.movePhoto(property.id, String(active.id), to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements: dragAnnouncements(property.photos),
        ...(dialog ? { container: dialog } : {}),
        screenReaderInstructions: {
          draggable:
            'To move this photo, press Space, then the arrow keys, then Space to drop it, or Escape to cancel. On a touch screen, press and hold, then slide.',
        },
      }}
    >
      <SortableContext items={property.photos.map((p) => p.name)} strategy={rectSortingStrategy}>
        <ul className={styles.photos} aria-label="Photos">
          {property.photos.map((photo, i) => (
            <PhotoCard
              key={photo.name}
              property={property}
              photo={photo}
              index={i}
              size={photoSizes[photo.name]}
              actions={actions}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
