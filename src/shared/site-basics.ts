/**
 * The parts of the catalogue model that need no zod (site-data.ts re-exports them), so browser
 * code can import them without pulling the schemas into the visitor bundle (PERF-2: JavaScript
 * budget).
 */
import type { Photo, Property } from './site-data.js';

/** Fields of Property that are not free-form string details. */
export const CORE_FIELDS = [
  'id',
  'name',
  'address',
  'description',
  'facilities',
  'bedCount',
  'bathCount',
  'photos',
  // AVL-2 stay fields: typed values with their own place on the page (stay-basics.ts).
  'nightlyRate',
  'minNights',
  'checkInTime',
  'checkOutTime',
] as const;

/** Name of the global that holds PageData on every published page. */
export const DATA_GLOBAL = '__STAYS_DATA__';

/** The hero photo of a property: the one flagged best, else the first photo, else undefined. */
export function heroPhoto(p: Property): Photo | undefined {
  return p.photos.find((ph) => ph.best) ?? p.photos[0];
}
