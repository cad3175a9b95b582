/**
 * The owner's catalogue edits (FLOW-1..FLOW-3, FLOW-7, FLOW-8): pure functions on SiteData. Each returns a new object
 * and never mutates its input, so the admin tools can keep the data they had before an edit and
 * put it back when the server refuses it. Generic over T so PageData (SiteData + publish
 * information) passes through with its extra fields intact.
 *
 * Every function throws a RangeError with a sentence fit to show the owner when its input names
 * something that does not exist or breaks a rule of site-data.ts.
 */
import { kindSchema, readAnswer, refusal } from './field-kinds.js';
import {
  CLEAR_ANSWER,
  fieldSpec,
  LIMITS,
  PROPERTY_FIELDS,
  type FieldSpec,
} from './property-fields.js';
import { ID_RE, type HomeSection, type Photo, type Property, type SiteData } from './site-data.js';

/** Fields setDetail refuses: the id is the page's URL, and photos have their own edits. */
const NOT_DETAILS = new Set(['id', 'photos']);
/** A detail field name: an identifier, so it is a safe JSON key and never a prototype key. */
const FIELD_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** An extension that PHOTO_NAME_RE accepts after the dot. */
const EXTENSION_RE = /^[A-Za-z0-9.]{1,16}$/;
/** The extension used when a file name gives none that a photo name can carry. */
const DEFAULT_EXTENSION = 'jpg';

function findProperty<T extends SiteData>(data: T, propertyId: string): Property {
  const property = data.propertyList.find((p) => p.id === propertyId);
  if (!property) throw new RangeError(`There is no property with id "${propertyId}".`);
  return property;
}

function findSection<T extends SiteData>(data: T, sectionId: string): HomeSection {
  const section = data.homeSections.find((s) => s.id === sectionId);
  if (!section) throw new RangeError(`There is no category with id "${sectionId}".`);
  return section;
}

function findPhoto(property: Property, photoName: string): Photo {
  const photo = property.photos.find((ph) => ph.name === photoName);
  if (!photo)
    throw new RangeError(`Property "${property.name}" has no photo named "${photoName}".`);
  return photo;
}

/** A copy of `data` with one property replaced by `edit(property)`. */
function updateProperty<T extends SiteData>(
  data: T,
  propertyId: string,
  edit: (p: Property) => Property,
): T {
  findProperty(data, propertyId);
  return {
    ...data,
    propertyList: data.propertyList.map((p) => (p.id === propertyId ? edit(p) : p)),
  };
}

/** A copy of `data` with one property's photo list replaced by `edit(photos)`. */
function updatePhotos<T extends SiteData>(
  data: T,
  propertyId: string,
  edit: (photos: Photo[]) => Photo[],
): T {
  return updateProperty(data, propertyId, (p) => ({ ...p, photos: edit(p.photos) }));
}

/**
 * FLOW-1 'Make Hero': best becomes true on the named photo and false on every other photo of that
 * property, so exactly one is the hero. Throws RangeError for an unknown property or photo.
 */
export function makeHero<T extends SiteData>(data: T, propertyId: string, photoName: string): T {
  findPhoto(findProperty(data, propertyId), photoName);
  return updatePhotos(data, propertyId, (photos) =>
    photos.map((ph) => ({ ...ph, best: ph.name === photoName })),
  );
}

/** FLOW-3: flips the photo's home flag (shown on, or hidden from, the home page cards). */
export function toggleHome<T extends SiteData>(data: T, propertyId: string, photoName: string): T {
  findPhoto(findProperty(data, propertyId), photoName);
  return updatePhotos(data, propertyId, (photos) =>
    photos.map((ph) => (ph.name === photoName ? { ...ph, home: !ph.home } : ph)),
  );
}

/**
 * FLOW-2 'Upload': appends a photo with best false and home true. Throws RangeError when the
 * property already has a photo of that name or is at the photo limit (LIMITS.photos).
 */
export function addPhoto<T extends SiteData>(data: T, propertyId: string, name: string): T {
  const property = findProperty(data, propertyId);
  if (property.photos.some((ph) => ph.name === name)) {
    throw new RangeError(`Property "${property.name}" already has a photo named "${name}".`);
  }
  if (property.photos.length >= LIMITS.photos) {
    throw new RangeError(
      `Property "${property.name}" already has ${LIMITS.photos} photos, the most it can hold.`,
    );
  }
  return updatePhotos(data, propertyId, (photos) => [...photos, { name, best: false, home: true }]);
}

/** FLOW-3 'Delete': removes the photo. Throws RangeError for an unknown property or photo. */
export function deletePhoto<T extends SiteData>(data: T, propertyId: string, photoName: string): T {
  findPhoto(findProperty(data, propertyId), photoName);
  return updatePhotos(data, propertyId, (photos) => photos.filter((ph) => ph.name !== photoName));
}

/**
 * HOME-4 'Create Category': appends an empty home section. `name` is trimmed; throws RangeError
 * when it is blank or too long, when `id` is not a valid id (ID_RE) or already used.
 */
export function createSection<T extends SiteData>(data: T, name: string, id: string): T {
  const trimmed = name.trim();
  if (trimmed === '') throw new RangeError('A category needs a name.');
  if (trimmed.length > LIMITS.shortText) {
    throw new RangeError(`A category name can be at most ${LIMITS.shortText} characters long.`);
  }
  if (!ID_RE.test(id)) throw new RangeError(`"${id}" is not a valid category id.`);
  if (data.homeSections.some((s) => s.id === id))
    throw new RangeError(`A category with id "${id}" already exists.`);
  if (data.homeSections.length >= LIMITS.sections) {
    throw new RangeError(
      `The home page already has ${LIMITS.sections} categories, the most it can hold.`,
    );
  }
  return { ...data, homeSections: [...data.homeSections, { id, name: trimmed, properties: [] }] };
}

/** HOME-4: removes a home section (its properties stay in the catalogue). Throws RangeError if unknown. */
export function deleteSection<T extends SiteData>(data: T, sectionId: string): T {
  findSection(data, sectionId);
  return { ...data, homeSections: data.homeSections.filter((s) => s.id !== sectionId) };
}

/**
 * HOME-4, ADMIN-4: appends a property to a home section. A property already in it is not added twice (the
 * result is an equal copy). Throws RangeError for an unknown section or property.
 */
export function addPropertyToSection<T extends SiteData>(
  data: T,
  sectionId: string,
  propertyId: string,
): T {
  const section = findSection(data, sectionId);
  findProperty(data, propertyId);
  if (section.properties.includes(propertyId)) return { ...data };
  return {
    ...data,
    homeSections: data.homeSections.map((s) =>
      s.id === sectionId ? { ...s, properties: [...s.properties, propertyId] } : s,
    ),
  };
}

/**
 * The value the owner's answer `value` stores in `field`: for a field of the table, its kind's
 * reading and import rule (field-kinds.ts readAnswer); a field outside the table is a free-form
 * detail, trimmed, at most LIMITS.detail characters. Throws RangeError with a sentence for the owner.
 */
function detailValue(field: string, spec: FieldSpec | undefined, value: string): unknown {
  if (spec) return readAnswer(field, spec, value);
  const text = value.trim();
  if (text.length > LIMITS.detail)
    throw new RangeError(`The ${field} can be at most ${LIMITS.detail} characters long.`);
  return text;
}

/**
 * DATA-2 "other detail fields that the admin edits by field name": sets one detail of a property,
 * by the rules of detailValue. The answer CLEAR_ANSWER ("none") removes an optional field of the
 * field table (AVL-2: the nightly rate, the minimum stay, which then reads as 1, the check-in and
 * check-out times). Throws RangeError with a sentence for the owner when the value or the field
 * is not allowed (id, photos and list fields such as facilities are not details), or the property
 * is unknown.
 */
export function setDetail<T extends SiteData>(
  data: T,
  propertyId: string,
  field: string,
  value: string,
): T {
  const property = findProperty(data, propertyId);
  if (NOT_DETAILS.has(field) || !FIELD_RE.test(field)) {
    throw new RangeError(`"${field}" is not a detail that can be edited this way.`);
  }
  const spec = fieldSpec(field);
  if (spec?.optional && value.trim().toLowerCase() === CLEAR_ANSWER) {
    return updateProperty(data, property.id, (p) => {
      const rest: Property = { ...p };
      delete rest[field];
      return rest;
    });
  }
  const next = detailValue(field, spec, value);
  return updateProperty(data, property.id, (p) => ({ ...p, [field]: next }) as Property);
}

/** The rate fields of a property (AVL-2, PRICE-1, PRICE-2), in the order the Rates dialog shows them. */
export const RATE_FIELDS = [
  'nightlyRate',
  'weekendRate',
  'minNights',
  'includedGuests',
  'extraGuestRate',
  'maxGuests',
  'cleaningFee',
  'weeklyDiscount',
  'monthlyDiscount',
  'advancePercent',
  'seasons',
] as const satisfies readonly (keyof typeof PROPERTY_FIELDS)[];

export type RateField = (typeof RATE_FIELDS)[number];

/**
 * The name of the first property whose rates (RATE_FIELDS) differ between two catalogues, or
 * undefined when none does: a role without the `rates` permission saves the rest (TEAM-1). A
 * property new in `after` counts when it sets any rate field.
 */
export function firstRateChange(
  before: Pick<SiteData, 'propertyList'> | undefined,
  after: Pick<SiteData, 'propertyList'>,
): string | undefined {
  const rates = (p: Property | undefined) =>
    JSON.stringify(RATE_FIELDS.map((f) => (p ? (p[f] ?? null) : null)));
  const old = new Map(before?.propertyList.map((p) => [p.id, p]));
  return after.propertyList.find((p) => rates(p) !== rates(old.get(p.id)))?.name;
}
/** A property's rates as the Rates dialog saves them: a field left out (undefined) is not set. */
export type Rates = Partial<Pick<Property, RateField>>;

/**
 * RATES-2: sets every rate field of a property at once: each given field is checked by its
 * import rule (field-kinds.ts, the same limits as the server's 400) and stored as that rule
 * reads it (a season's name trimmed); a field `rates` leaves out or sets to undefined is removed
 * (every rate field is optional, PRICE-1). Other fields are kept. Throws RangeError with the
 * owner's sentence for the first field refused ("The weekend rate must be …"), or for an unknown
 * property.
 */
export function setRates<T extends SiteData>(data: T, propertyId: string, rates: Rates): T {
  findProperty(data, propertyId);
  const values: Partial<Record<RateField, unknown>> = {};
  for (const field of RATE_FIELDS) {
    if (rates[field] === undefined) continue;
    const spec: FieldSpec = PROPERTY_FIELDS[field];
    const parsed = kindSchema(spec).safeParse(rates[field]);
    if (!parsed.success) throw new RangeError(`${refusal(spec, parsed.error.issues[0]!)}.`);
    values[field] = parsed.data;
  }
  return updateProperty(data, propertyId, (p) => {
    // A field set before keeps its place among the property's keys; a new one is appended.
    const next: Record<string, unknown> = { ...p };
    for (const field of RATE_FIELDS) {
      if (field in values) next[field] = values[field];
      else delete next[field];
    }
    return next as Property;
  });
}

/** FLOW-8: facilities are entered comma-separated, split on commas and trimmed; blanks are dropped. */
export function parseFacilities(text: string): string[] {
  return text
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
}

/** Sets a property's facilities list. Throws RangeError past LIMITS.facilities or LIMITS.shortText. */
export function setFacilities<T extends SiteData>(
  data: T,
  propertyId: string,
  facilities: string[],
): T {
  findProperty(data, propertyId);
  if (facilities.length > LIMITS.facilities) {
    throw new RangeError(`A property can list at most ${LIMITS.facilities} facilities.`);
  }
  const long = facilities.find((f) => f.length > LIMITS.shortText);
  if (long !== undefined) {
    throw new RangeError(
      `A facility can be at most ${LIMITS.shortText} characters long: "${long.slice(0, 40)}…".`,
    );
  }
  return updateProperty(data, propertyId, (p) => ({ ...p, facilities: [...facilities] }));
}

/**
 * FLOW-2: the name an upload is stored under, `{uniqueId}.{everything after the first dot}`
 * ("IMG_1.final.jpeg" → "{id}.final.jpeg"). When that part is missing or holds characters a photo
 * name cannot carry (PHOTO_NAME_RE: letters, digits, dots, at most 16), the last extension is used
 * if it can be, else DEFAULT_EXTENSION. The server takes image extensions only, and bytes of the
 * kind the last extension names (OPS-2).
 */
export function uploadName(fileName: string, uniqueId: string): string {
  const dot = fileName.indexOf('.');
  const afterFirstDot = dot === -1 ? '' : fileName.slice(dot + 1);
  if (EXTENSION_RE.test(afterFirstDot)) return `${uniqueId}.${afterFirstDot}`;
  const last = fileName.lastIndexOf('.');
  const lastExtension = last === -1 ? '' : fileName.slice(last + 1);
  return `${uniqueId}.${EXTENSION_RE.test(lastExtension) ? lastExtension : DEFAULT_EXTENSION}`;
}

/** DATA-3, DATA-4 "a random unique id": a v4 UUID (36 characters of hex and dashes, matches ID_RE). */
export function newId(): string {
  return crypto.randomUUID();
}

/**
 * PHO-1: moves a photo to position `toIndex` (0-based) of its property's list, shifting the photos
 * between; that order is the order of every slider and of the lightbox. Moving a photo to where it
 * is returns an equal copy. Throws RangeError for an unknown property or photo, or a `toIndex`
 * outside 0..photos.length - 1.
 */
export function movePhoto<T extends SiteData>(
  data: T,
  propertyId: string,
  photoName: string,
  toIndex: number,
): T {
  const property = findProperty(data, propertyId);
  const photo = findPhoto(property, photoName);
  if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= property.photos.length) {
    throw new RangeError(
      `Property "${property.name}" has ${property.photos.length} photos, so a photo cannot move to position ${toIndex + 1}.`,
    );
  }
  return updatePhotos(data, propertyId, (photos) => {
    const rest = photos.filter((ph) => ph.name !== photoName);
    return [...rest.slice(0, toIndex), photo, ...rest.slice(toIndex)];
  });
}

/**
 * PHO-2: sets a photo's description (its alt text and lightbox caption), trimmed. Throws
 * RangeError when it is blank or longer than LIMITS.photoAlt, or the property or photo is unknown.
 */
export function setPhotoAlt<T extends SiteData>(
  data: T,
  propertyId: string,
  photoName: string,
  alt: string,
): T {
  findPhoto(findProperty(data, propertyId), photoName);
  const text = alt.trim();
  if (text === '') throw new RangeError('A photo description cannot be blank.');
  if (text.length > LIMITS.photoAlt) {
    throw new RangeError(
      `A photo description can be at most ${LIMITS.photoAlt} characters long; this one has ${text.length}.`,
    );
  }
  return updatePhotos(data, propertyId, (photos) =>
    photos.map((ph) => (ph.name === photoName ? { ...ph, alt: text } : ph)),
  );
}
