/**
 * The catalogue: the spec's global data object (DATA-1..DATA-4) and its integrity rules (DATA-6).
 * One zod definition serves the server (import validation) and the web app (types).
 *
 * Shapes:
 * - SiteData  { propertyList: Property[], homeSections: HomeSection[], revision: number }
 * - Property  { id, name, address, description, facilities: string[], bedCount, bathCount,
 *               photos: Photo[], nightlyRate?: whole rupees, minNights?: nights (default 1),
 *               checkInTime?, checkOutTime?: "HH:MM", the rates of PRICE-1 (weekendRate?,
 *               seasons?, includedGuests?, extraGuestRate?, maxGuests?, cleaningFee?,
 *               weeklyDiscount?, monthlyDiscount?, advancePercent?), ...other string detail
 *               fields by name }
 * - Photo     { name: "{unique id}.{extension}", best: hero photo, home: shown on the home page,
 *               alt?: the owner's description, 1-200 characters (PHO-2) }
 * - HomeSection { id, name, properties: property ids }
 */
import { z } from 'zod';
import type { PublishedReviews } from './reviews.js';
import { kindSchema, type ZodOfKind } from './field-kinds.js';
import {
  LIMITS,
  PROPERTY_FIELDS,
  type FieldName,
  type FieldSpec,
  type KindOf,
  type Season,
} from './property-fields.js';

/** A photo's file name: a unique id, a dot, the extension after the first dot (FLOW-2). No paths. */
export const PHOTO_NAME_RE = /^[A-Za-z0-9-]+\.[A-Za-z0-9.]{1,16}$/;
/** Property and home-section ids: URL-safe, used in /stay/{id}. */
export const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

// Zod-free parts live in site-basics.ts so browser code can use them without bundling zod (PERF-2).
export { DATA_GLOBAL, heroPhoto } from './site-basics.js';

/** The zod type of a typed field: its kind's, optional when its row says so. */
type FieldZod<F extends FieldName> = (typeof PROPERTY_FIELDS)[F] extends { optional?: true }
  ? z.ZodOptional<ZodOfKind[KindOf<F>]>
  : ZodOfKind[KindOf<F>];

const typedFields = Object.fromEntries(
  Object.entries(PROPERTY_FIELDS).map(([name, spec]: [string, FieldSpec]) => {
    const schema = kindSchema(spec);
    return [name, spec.optional ? schema.optional() : schema];
  }),
) as { [F in FieldName]: FieldZod<F> };

const photoSchema = z
  .object({
    name: z.string().regex(PHOTO_NAME_RE, 'must look like "{id}.{extension}", with no path'),
    best: z.boolean(),
    home: z.boolean(),
    // PHO-2: the photo's alt text and lightbox caption; absent means the generated one.
    alt: z.string().trim().min(1).max(LIMITS.photoAlt).optional(),
  })
  .strict();

const propertySchema = z
  .object({
    id: z.string().regex(ID_RE, 'must be 1-64 letters, digits, "-" or "_"'),
    ...typedFields,
    photos: z.array(photoSchema).max(LIMITS.photos),
  })
  .catchall(z.string().max(LIMITS.detail));

const homeSectionSchema = z
  .object({
    id: z.string().regex(ID_RE, 'must be 1-64 letters, digits, "-" or "_"'),
    name: z.string().trim().min(1).max(LIMITS.shortText),
    properties: z.array(z.string().regex(ID_RE, 'must be a property id')).max(LIMITS.properties),
  })
  .strict();

const catalogueShape = {
  propertyList: z.array(propertySchema).max(LIMITS.properties),
  homeSections: z.array(homeSectionSchema).max(LIMITS.sections),
  revision: z.number().int().min(0),
};

/** Cross-field rules: unique ids and photo names, one hero per property, sections name real properties. */
function checkCatalogue(
  data: z.infer<z.ZodObject<typeof catalogueShape>>,
  ctx: z.RefinementCtx,
): void {
  const ids = new Set<string>();
  data.propertyList.forEach((p, i) => {
    if (ids.has(p.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['propertyList', i, 'id'],
        message: `duplicate property id "${p.id}"`,
      });
    }
    ids.add(p.id);
    const names = new Set<string>();
    let best = 0;
    p.photos.forEach((photo, j) => {
      if (photo.best) best += 1;
      if (best > 1 && photo.best) {
        ctx.addIssue({
          code: 'custom',
          path: ['propertyList', i, 'photos', j, 'best'],
          message: 'at most one photo per property can be the hero (best)',
        });
      }
      if (names.has(photo.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['propertyList', i, 'photos', j, 'name'],
          message: `duplicate photo "${photo.name}"`,
        });
      }
      names.add(photo.name);
    });
  });
  const sectionIds = new Set<string>();
  data.homeSections.forEach((s, i) => {
    if (sectionIds.has(s.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['homeSections', i, 'id'],
        message: `duplicate section id "${s.id}"`,
      });
    }
    sectionIds.add(s.id);
    const listed = new Set<string>();
    s.properties.forEach((pid, j) => {
      if (!ids.has(pid)) {
        ctx.addIssue({
          code: 'custom',
          path: ['homeSections', i, 'properties', j],
          message: `no property with id "${pid}"`,
        });
      } else if (listed.has(pid)) {
        ctx.addIssue({
          code: 'custom',
          path: ['homeSections', i, 'properties', j],
          message: `property "${pid}" is already in this section`,
        });
      }
      listed.add(pid);
    });
  });
}

/** The whole catalogue as stored. `revision` is the revision an import was based on (SAF-6: 409 when stale). */
export const siteDataSchema = z.object(catalogueShape).strict().superRefine(checkCatalogue);

/**
 * Keys of a published page's global data object that publishing derives (PageData below): an
 * import ignores them, whatever their value, and never stores them (OPS-1).
 */
const publishedOnly = {
  photoSizes: z.unknown().optional(),
  site: z.unknown().optional(),
  publishedAt: z.unknown().optional(),
  fromRates: z.unknown().optional(),
  reviews: z.unknown().optional(),
} satisfies Record<Exclude<keyof PageData, keyof SiteData>, z.ZodType>;

/**
 * What POST /api/import accepts (API-1 "the whole global data object", OPS-1): the global data
 * object exactly as published, or the bare catalogue. Every unknown key other than the derived
 * ones, at the top or inside photos and sections, is still refused. Parses to the catalogue alone.
 */
export const importSchema = z
  .object({ ...catalogueShape, ...publishedOnly })
  .strict()
  .superRefine(checkCatalogue)
  .transform(({ propertyList, homeSections, revision }) => ({
    propertyList,
    homeSections,
    revision,
  }));

export type Photo = z.infer<typeof photoSchema>;
/**
 * zod infers `.catchall(z.string())` as the index signature `[x: string]: string`, which the core
 * fields (numbers, arrays) contradict, so no object could be typed as it. The core fields keep
 * their types; other detail fields are read as any field's type.
 */
export type Property = z.infer<z.ZodObject<(typeof propertySchema)['shape']>> & {
  [field: string]: string | number | string[] | Photo[] | Season[] | undefined;
};
export type HomeSection = z.infer<typeof homeSectionSchema>;
export type SiteData = Omit<z.infer<typeof siteDataSchema>, 'propertyList'> & {
  propertyList: Property[];
};

/** Pixel size of a stored photo, [width, height], after EXIF orientation. */
export type PhotoSize = [number, number];

/** Public contact details (server config.ts SiteConfig, repeated here so web code needs no server import). */
export interface SiteInfo {
  siteUrl: string;
  businessName: string;
  email: string;
  phone: string;
  socialUrl: string;
  officeAddress: string;
  /** The business's GSTIN when it is registered: quotes carry GST (PRICE-5). */
  gstin?: string;
  /**
   * Days before check-in the balance is due (BALANCE_DUE_DAYS, DAY-4), shown to the guest before
   * a request (DAY-14); absent: 0, at check-in.
   */
  balanceDueDays?: number;
}

/**
 * What a published page embeds as its global data object (DATA-1): the catalogue plus what the
 * publisher knows that the screens need to render without layout shift.
 */
export interface PageData extends SiteData {
  /** Photo name → [width, height]; a photo missing here renders with a default 3:2 box. */
  photoSizes: Record<string, PhotoSize>;
  site: SiteInfo;
  /** ISO time of the publish that made this page. */
  publishedAt: string;
  /**
   * PRICE-7: each priced property's lowest nightly rate (whole rupees) over the 90 nights from the
   * publish on, by property id: the "from ₹X / night" of cards and the property header, as of the
   * publish (quote.ts fromRates). Absent from data no publish made (hand-built test data): no
   * "from" price is shown.
   */
  fromRates?: Record<string, number>;
  /**
   * REV-5: each property's published reviews, newest first, public fields only (display name,
   * rating, text, dates, reply), as of the publish. Absent from hand-built test data: no reviews.
   */
  reviews?: PublishedReviews;
}
