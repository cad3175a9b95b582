/**
 * What changed between two stored catalogues, in the owner's words (SAF-1, SAF-5): the one-line
 * summary the History dialog shows for each revision, computed from the revision before it.
 *
 * Pure: no I/O, no clock. `describeChanges(before, after)` lists every change found, in catalogue
 * order (properties, then home sections); `summariseChanges` turns that list into one line,
 * "Renamed 'X' to 'Y'" or "Renamed 'X' to 'Y' and 2 more changes".
 * Properties are matched by id, photos by name, home sections by id, so a rename is a rename and
 * not a deletion plus an addition. Photo `alt` (PHO-2) is read when present.
 */
import { fieldLabel } from './property-fields.js';
import type { HomeSection, Photo, Property, SiteData } from './site-data.js';

/** The part of SiteData a revision stores; `revision` and publish information are ignored. */
export type Catalogue = Pick<SiteData, 'propertyList' | 'homeSections'>;

/** Photo with the optional description PHO-2 adds (at most 200 characters). */
type DescribedPhoto = Photo & { alt?: string };

/** Property fields with their own sentences below; every other field is a "detail". */
const OWN_SENTENCE = new Set(['id', 'name', 'photos', 'facilities', 'description']);

/** "1 photo", "2 photos". */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether the items both lists share appear in a different order. */
function reordered(before: string[], after: string[]): boolean {
  const inAfter = new Set(after);
  const inBefore = new Set(before);
  const kept = before.filter((x) => inAfter.has(x));
  const keptAfter = after.filter((x) => inBefore.has(x));
  return kept.some((x, i) => keptAfter[i] !== x);
}

function heroName(photos: Photo[]): string | undefined {
  return photos.find((ph) => ph.best)?.name;
}

function photoChanges(before: Property, after: Property): string[] {
  const name = after.name;
  const changes: string[] = [];
  const beforeByName = new Map(before.photos.map((ph) => [ph.name, ph as DescribedPhoto]));
  const afterNames = new Set(after.photos.map((ph) => ph.name));
  const added = after.photos.filter((ph) => !beforeByName.has(ph.name)).length;
  const removed = before.photos.filter((ph) => !afterNames.has(ph.name)).length;
  if (added > 0) changes.push(`${count(added, 'photo')} added to ${name}`);
  if (removed > 0) changes.push(`${count(removed, 'photo')} deleted from ${name}`);

  const hero = heroName(after.photos);
  if (hero !== undefined && hero !== heroName(before.photos)) {
    changes.push(`Hero photo of ${name} changed`);
  }
  if (
    reordered(
      before.photos.map((ph) => ph.name),
      after.photos.map((ph) => ph.name),
    )
  ) {
    changes.push(`Photos of ${name} reordered`);
  }
  let homeFlips = 0;
  let described = 0;
  let undescribed = 0;
  for (const ph of after.photos as DescribedPhoto[]) {
    const old = beforeByName.get(ph.name);
    if (!old) continue;
    if (old.home !== ph.home) homeFlips += 1;
    const oldAlt = old.alt?.trim() ?? '';
    const newAlt = ph.alt?.trim() ?? '';
    if (oldAlt !== newAlt) {
      if (newAlt === '') undescribed += 1;
      else described += 1;
    }
  }
  if (homeFlips > 0) changes.push(`Home page photos of ${name} changed`);
  if (described > 0) changes.push(`${count(described, 'photo')} of ${name} described`);
  if (undescribed > 0) {
    changes.push(`${count(undescribed, 'photo description')} of ${name} removed`);
  }
  return changes;
}

/** How `describeChanges` words a change of a field. */
interface Wording {
  /**
   * SAF-6: also give the new value in full ("Description of X changed to: ..."), so an owner whose
   * change was refused as stale can make it again after reloading; History's one line leaves it out.
   */
  values?: boolean;
}

/** A field's new value as the owner would type it again: text as is, lists comma-separated. */
function valueText(value: unknown): string {
  if (value === undefined) return '(removed)';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

function propertyChanges(before: Property, after: Property, wording: Wording): string[] {
  const changes: string[] = [];
  const changed = (label: string, value: unknown) =>
    changes.push(
      wording.values
        ? `${label} of ${after.name} changed to: ${valueText(value)}`
        : `${label} of ${after.name} changed`,
    );
  if (before.name !== after.name) changes.push(`Renamed '${before.name}' to '${after.name}'`);
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const field of fields) {
    if (OWN_SENTENCE.has(field)) continue;
    if (!sameJson(before[field], after[field])) changed(fieldLabel(field), after[field]);
  }
  if (before.description !== after.description) changed('Description', after.description);
  if (!sameJson(before.facilities, after.facilities)) changed('Facilities', after.facilities);
  changes.push(...photoChanges(before, after));
  return changes;
}

function sectionChanges(
  before: HomeSection,
  after: HomeSection,
  propertyName: (id: string) => string,
): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) {
    changes.push(`Section '${before.name}' renamed to '${after.name}'`);
  }
  const added = after.properties.filter((id) => !before.properties.includes(id));
  const removed = before.properties.filter((id) => !after.properties.includes(id));
  if (added.length === 1)
    changes.push(`${propertyName(added[0]!)} added to section '${after.name}'`);
  if (added.length > 1) {
    changes.push(
      `${count(added.length, 'property', 'properties')} added to section '${after.name}'`,
    );
  }
  if (removed.length === 1) {
    changes.push(`${propertyName(removed[0]!)} removed from section '${after.name}'`);
  }
  if (removed.length > 1) {
    changes.push(
      `${count(removed.length, 'property', 'properties')} removed from section '${after.name}'`,
    );
  }
  if (reordered(before.properties, after.properties)) {
    changes.push(`Properties in section '${after.name}' reordered`);
  }
  return changes;
}

/** What a catalogue holds, e.g. "4 properties, 2 home sections". */
export function describeContents(catalogue: Catalogue): string {
  return (
    `${count(catalogue.propertyList.length, 'property', 'properties')}, ` +
    `${count(catalogue.homeSections.length, 'home section')}`
  );
}

/**
 * Every change from `before` to `after`, one sentence each, properties first then home sections.
 * `before` undefined means `after` is the first catalogue kept: one sentence saying what it holds.
 * An empty list means the two catalogues are the same. With `wording.values`, a changed field's
 * sentence ends with its new value in full (SAF-6).
 */
export function describeChanges(
  before: Catalogue | undefined,
  after: Catalogue,
  wording: Wording = {},
): string[] {
  if (!before) return [`First version: ${describeContents(after)}`];
  const changes: string[] = [];
  const beforeById = new Map(before.propertyList.map((p) => [p.id, p]));
  const afterById = new Map(after.propertyList.map((p) => [p.id, p]));
  for (const p of after.propertyList) {
    const old = beforeById.get(p.id);
    if (!old) changes.push(`Property '${p.name}' added`);
    else changes.push(...propertyChanges(old, p, wording));
  }
  for (const p of before.propertyList) {
    if (!afterById.has(p.id)) changes.push(`Property '${p.name}' deleted`);
  }
  if (
    reordered(
      before.propertyList.map((p) => p.id),
      after.propertyList.map((p) => p.id),
    )
  ) {
    changes.push('Properties reordered');
  }

  const propertyName = (id: string) => afterById.get(id)?.name ?? beforeById.get(id)?.name ?? id;
  const sectionsBefore = new Map(before.homeSections.map((s) => [s.id, s]));
  const sectionIdsAfter = new Set(after.homeSections.map((s) => s.id));
  for (const s of after.homeSections) {
    const old = sectionsBefore.get(s.id);
    if (!old) changes.push(`Section '${s.name}' created`);
    else changes.push(...sectionChanges(old, s, propertyName));
  }
  for (const s of before.homeSections) {
    if (!sectionIdsAfter.has(s.id)) changes.push(`Section '${s.name}' deleted`);
  }
  if (
    reordered(
      before.homeSections.map((s) => s.id),
      after.homeSections.map((s) => s.id),
    )
  ) {
    changes.push('Home sections reordered');
  }
  return changes;
}

/**
 * One line for the History dialog: the first change, then how many more ("Renamed 'X' to 'Y' and
 * 2 more changes"); "No changes" when the catalogues are the same (e.g. a restore of the latest).
 */
export function summariseChanges(before: Catalogue | undefined, after: Catalogue): string {
  const changes = describeChanges(before, after);
  const [first] = changes;
  if (first === undefined) return 'No changes';
  const more = changes.length - 1;
  if (more === 0) return first;
  return `${first} and ${more} more ${more === 1 ? 'change' : 'changes'}`;
}
