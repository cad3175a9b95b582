/**
 * SAF-6: the owner's change in words, for when the server refused it as stale (409): the page was
 * opened before the site changed elsewhere (another tab, another device, a restore), so the owner
 * has to reload and make the change again, and needs to see what it was to do so.
 *
 * `describeChange(before, after)` compares two catalogues and returns one line per change, naming
 * properties, photos (by their place, 1-based, in `before`) and categories the way the owner sees
 * them, with the new values in full (a description keeps its line breaks) so they can be copied.
 * The lines are kept in sessionStorage (UNSAVED_KEY) so they are still shown after the reload.
 */
import type { HomeSection, Photo, Property, SiteData } from '../../shared/site-data.js';

/** sessionStorage key of the refused change (a JSON array of lines): this tab only, gone with it. */
export const UNSAVED_KEY = 'stays:unsaved-change';

/** "bedCount" → "bed count". */
const words = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function photoLines(name: string, before: Photo[], after: Photo[]): string[] {
  const lines: string[] = [];
  const place = (photo: string) => before.findIndex((p) => p.name === photo) + 1;
  const afterNames = new Set(after.map((p) => p.name));
  const beforeNames = new Set(before.map((p) => p.name));
  const added = after.filter((p) => !beforeNames.has(p.name));
  const removed = before.filter((p) => !afterNames.has(p.name));
  if (added.length > 0) {
    lines.push(
      `Uploaded ${added.length === 1 ? '1 photo' : `${added.length} photos`} to "${name}" (the files are stored: upload them again to add them)`,
    );
  }
  for (const p of removed) lines.push(`Deleted photo ${place(p.name)} of "${name}"`);
  for (const p of after) {
    const old = before.find((b) => b.name === p.name);
    if (!old) continue;
    const n = place(p.name);
    if (p.best && !old.best) lines.push(`Made photo ${n} of "${name}" the hero photo`);
    if (p.home !== old.home) {
      lines.push(
        p.home
          ? `Showed photo ${n} of "${name}" on the home page`
          : `Hid photo ${n} of "${name}" from the home page`,
      );
    }
    if (p.alt !== old.alt && p.alt !== undefined) {
      lines.push(`Described photo ${n} of "${name}" as: ${p.alt}`);
    }
  }
  const kept = before.filter((p) => afterNames.has(p.name)).map((p) => p.name);
  const order = after.filter((p) => beforeNames.has(p.name)).map((p) => p.name);
  if (!same(kept, order)) {
    // One photo moved when taking it out leaves the others in their old order.
    const moved = order.find(
      (photo) =>
        same(
          kept.filter((k) => k !== photo),
          order.filter((o) => o !== photo),
        ) && kept.indexOf(photo) !== order.indexOf(photo),
    );
    lines.push(
      moved === undefined
        ? `Put the photos of "${name}" in this order: ${order.map((o) => place(o)).join(', ')}`
        : `Moved photo ${place(moved)} of "${name}" to place ${order.indexOf(moved) + 1}`,
    );
  }
  return lines;
}

function propertyLines(before: Property, after: Property): string[] {
  const lines: string[] = [];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const field of fields) {
    if (field === 'photos' || field === 'id' || same(before[field], after[field])) continue;
    const value = after[field];
    if (field === 'facilities' && Array.isArray(value)) {
      lines.push(`Set the facilities of "${before.name}" to: ${value.join(', ')}`);
    } else if (field === 'description') {
      lines.push(`Set the description of "${before.name}" to:\n${String(value)}`);
    } else {
      lines.push(`Set the ${words(field)} of "${before.name}" to: ${String(value ?? '')}`);
    }
  }
  return [...lines, ...photoLines(after.name, before.photos, after.photos)];
}

function sectionLines(
  before: HomeSection | undefined,
  after: HomeSection | undefined,
  names: Map<string, string>,
): string[] {
  if (!before && after) return [`Created the category "${after.name}"`];
  if (before && !after) return [`Deleted the category "${before.name}"`];
  if (!before || !after) return [];
  const lines: string[] = [];
  if (before.name !== after.name)
    lines.push(`Renamed the category "${before.name}" to "${after.name}"`);
  for (const id of after.properties) {
    if (!before.properties.includes(id))
      lines.push(`Added "${names.get(id) ?? id}" to the category "${after.name}"`);
  }
  for (const id of before.properties) {
    if (!after.properties.includes(id))
      lines.push(`Took "${names.get(id) ?? id}" out of the category "${after.name}"`);
  }
  return lines;
}

/** The owner's change from `before` to `after`, one line each; empty when the catalogues are equal. */
export function describeChange(before: SiteData, after: SiteData): string[] {
  const lines: string[] = [];
  const names = new Map(after.propertyList.map((p) => [p.id, p.name]));
  for (const p of after.propertyList) {
    const old = before.propertyList.find((b) => b.id === p.id);
    lines.push(...(old ? propertyLines(old, p) : [`Added the property "${p.name}"`]));
  }
  for (const p of before.propertyList) {
    if (!after.propertyList.some((a) => a.id === p.id))
      lines.push(`Deleted the property "${p.name}"`);
  }
  const ids = new Set([...before.homeSections, ...after.homeSections].map((s) => s.id));
  for (const id of ids) {
    lines.push(
      ...sectionLines(
        before.homeSections.find((s) => s.id === id),
        after.homeSections.find((s) => s.id === id),
        names,
      ),
    );
  }
  return lines;
}

/** The refused change kept for this tab, or null (none, or storage unavailable or unreadable). */
export function readUnsavedChange(storage: Storage | undefined): string[] | null {
  try {
    const raw = storage?.getItem(UNSAVED_KEY);
    if (!raw) return null;
    const lines: unknown = JSON.parse(raw);
    return Array.isArray(lines) && lines.every((l) => typeof l === 'string') && lines.length > 0
      ? lines
      : null;
  } catch {
    return null;
  }
}

/** Keeps (or with null, forgets) the refused change for this tab; storage failures are ignored. */
export function keepUnsavedChange(storage: Storage | undefined, lines: string[] | null): void {
  try {
    if (lines && lines.length > 0) storage?.setItem(UNSAVED_KEY, JSON.stringify(lines));
    else storage?.removeItem(UNSAVED_KEY);
  } catch {
    // A private window may refuse storage: the change is still shown until the reload.
  }
}
