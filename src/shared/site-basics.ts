/**
 * The parts of the catalogue model that need no zod (site-data.ts re-exports them), so browser
 * code can import them without pulling the schemas into the visitor bundle (the JavaScript
 * budget).
 */
/** Name of the global that holds PageData on every published page. */
export const DATA_GLOBAL = '__STAYS_DATA__';

/**
 * The hero photo of a property: the one flagged best, else the first photo, else undefined.
 * Typed by shape, not by site-data.ts's Property, so that this file imports nothing from it.
 */
export function heroPhoto<P extends { best: boolean }>(p: { photos: readonly P[] }): P | undefined {
  return p.photos.find((ph) => ph.best) ?? p.photos[0];
}
