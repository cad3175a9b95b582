/**
 * The "fifty" fixture of `BENCH_ONLY=fifty npm run bench` (PERF-7, PERF-8): the site of a business
 * that has grown, 50 properties in 8 home sections, each with 12 photos, and 500 booking requests.
 *
 * Built in a DATA_DIR the demo seed has filled (the real server's first start: 26 demo photos
 * through the image pipeline): each fixture photo is one of those demo photos under a new name
 * (its normalised file, width variants and link-preview crop hard-linked, its row in the photos
 * table), so the 600 photos cost no encoding and each page names distinct files. The catalogue is
 * one stored revision; the bookings are stored through the bookings store (`insertBooking`), each
 * with a page token the bench knows, so a guest's booking page can be opened.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { addDays, today } from '../src/shared/calendar-dates.js';
import {
  ogImageUrl,
  photoStem,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
} from '../src/shared/photo-urls.js';
import type { SiteData } from '../src/shared/site-data.js';
import type { AppContext } from '../src/server/context.js';
import { variantFile } from '../src/server/images/image-rules.js';
import { hashToken } from '../src/server/bookings/service.js';
import { insertBooking } from '../src/server/bookings/store.js';
import { demoCatalogue } from '../src/server/startup.js';
import { insertPhoto, photoSizes } from '../src/server/store/photos.js';
import { latestRevision, saveRevision } from '../src/server/store/revisions.js';

/** The fixture's size (issue "fast at fifty"; PERF-7). */
export const FIFTY = { properties: 50, sections: 8, photosEach: 12, bookings: 500 } as const;

/** A property page the bench opens, with its hero photo's proportions. */
interface FiftyPropertyPage {
  /** `/stay/{id}`. */
  path: string;
  /** Its place in home order, from 1 (the first section's first property). */
  position: number;
  /** The hero photo's width and height, px. */
  hero: [number, number];
}

/** What the bench needs to open the fixture's pages. */
export interface FiftyFixture {
  /** The first property of the first home section (the page a visitor opens from the top). */
  propertyPath: string;
  /**
   * PERF-15: the property pages spread over the list in home order: the first, the last and three
   * between, one of them a property whose hero is a portrait photo.
   */
  propertyPages: FiftyPropertyPage[];
  /** A guest's booking page, `/booking/{id}/{token}`. */
  bookingPath: string;
}

/**
 * Five positions of `count` in home order (0-based): the first, the last, a quarter, a half and
 * three quarters of the way; the half-way one moves to the nearest position `isPortrait` accepts
 * when none of the five is one (PERF-15: a portrait hero among them). Throws without such a position.
 */
function spreadPositions(count: number, isPortrait: (index: number) => boolean): number[] {
  const at = (f: number) => Math.round((count - 1) * f);
  const picks = [0, at(0.25), at(0.5), at(0.75), count - 1];
  if (!picks.some(isPortrait)) {
    const half = picks[2]!;
    const candidates = Array.from({ length: count }, (_, i) => i)
      .filter((i) => isPortrait(i) && !picks.includes(i))
      .sort((a, b) => Math.abs(a - half) - Math.abs(b - half));
    if (candidates.length === 0) throw new Error('fifty: no property has a portrait hero');
    picks[2] = candidates[0]!;
  }
  return [...new Set(picks)].sort((a, b) => a - b);
}

/** `n` lowercase letters spelling `i` in base 26 (a = 0), for ids that must be letters. */
function letters(i: number, n: number): string {
  let out = '';
  for (let k = 0, v = i; k < n; k++, v = Math.floor(v / 26))
    out = String.fromCharCode(97 + (v % 26)) + out;
  return out;
}

/** Hard-links (or copies, across file systems) the files of stored photo `from` under `to`. */
function clonePhotoFiles(images: string, from: string, to: string): void {
  const pairs: [string, string][] = [[from, to]];
  for (const width of VARIANT_WIDTHS)
    for (const format of VARIANT_FORMATS)
      pairs.push([
        variantFile(photoStem(from), width, format),
        variantFile(photoStem(to), width, format),
      ]);
  pairs.push([`v/${path.basename(ogImageUrl(from))}`, `v/${path.basename(ogImageUrl(to))}`]);
  for (const [a, b] of pairs) {
    const source = path.join(images, a);
    if (!fs.existsSync(source)) continue;
    try {
      fs.linkSync(source, path.join(images, b));
    } catch {
      fs.copyFileSync(source, path.join(images, b));
    }
  }
}

/**
 * Stores the fixture in `ctx`'s DATA_DIR, which must hold the demo seed's photos: 600 photo
 * rows and files, one revision (the catalogue), 500 requests (`requested`, asked over the last
 * 40 hours, so none expires at start). Throws when the demo photos are missing.
 */
export function buildFiftyFixture(ctx: Pick<AppContext, 'db' | 'paths' | 'clock'>): FiftyFixture {
  const demo = demoCatalogue();
  const sizes = photoSizes(ctx.db);
  const sources = Object.keys(sizes).sort();
  if (sources.length === 0) throw new Error('fifty: the demo photos are not stored');
  const created = ctx.clock();
  const propertyList: SiteData['propertyList'] = [];
  const heroSizes = new Map<string, [number, number]>();
  for (let i = 0; i < FIFTY.properties; i++) {
    const model = demo.propertyList[i % demo.propertyList.length]!;
    const id = `${model.id}-${i + 1}`;
    const photos = Array.from({ length: FIFTY.photosEach }, (_, j) => {
      // A step of 6 (prime to the demo's 35 stored photos) makes every demo photo some property's
      // hero, portrait and square ones included (PERF-15).
      const source = sources[(i * 6 + j) % sources.length]!;
      const name = `f${i + 1}-${j + 1}-${source}`;
      clonePhotoFiles(ctx.paths.images, source, name);
      const [width, height] = sizes[source]!;
      insertPhoto(ctx.db, { name, width, height, bytes: 0, createdAt: created });
      if (j === 0) heroSizes.set(id, [width, height]);
      return { name, best: j === 0, home: j < 4 };
    });
    propertyList.push({ ...model, id, name: `${model.name} No. ${i + 1}`, photos });
  }
  const sectionNames = [
    'Among the Coffee Estates',
    'By the Lakes',
    'In the Hills',
    'In Chikmagalur Town',
    'For Families',
    'For Long Stays',
    'With a Garden',
    'Near the Waterfalls',
  ];
  const homeSections = sectionNames.slice(0, FIFTY.sections).map((name, k) => ({
    id: `section-${k + 1}`,
    name,
    properties: propertyList.filter((_, i) => i % FIFTY.sections === k).map((p) => p.id),
  }));
  saveRevision(
    ctx.db,
    { propertyList, homeSections, revision: latestRevision(ctx.db)?.id ?? 0 },
    'bench',
    ctx.clock(),
  );

  const start = today();
  let bookingPath = '';
  for (let i = 0; i < FIFTY.bookings; i++) {
    const p = propertyList[i % propertyList.length]!;
    const nights = 1 + (i % 6);
    const checkIn = addDays(start, 5 + (i % 300));
    const at = Date.now() - i * 4.8 * 60_000;
    // The shapes the booking page's route accepts: a 16-character id, a 22-character token.
    const id = `benchfifty${letters(i, 6)}`;
    const token = `benchfiftytokenxx${letters(i, 5)}`;
    const nightly = 450_000;
    const totalPaise = nightly * nights;
    insertBooking(
      ctx.db,
      {
        id,
        reference: `BF${String(i).padStart(5, '0')}`,
        propertyId: p.id,
        propertyName: p.name,
        checkIn,
        checkOut: addDays(checkIn, nights),
        guests: 1 + (i % 4),
        name: `Guest ${i + 1}`,
        phone: '+919845012345',
        email: `guest${i + 1}@example.com`,
        message: i % 3 === 0 ? 'We arrive late in the evening; is the caretaker there?' : undefined,
        status: 'requested',
        quote: {
          lines: [{ label: `${nights} × ₹4,500`, amountPaise: totalPaise }],
          totalPaise,
          advancePaise: Math.round(totalPaise / 4),
        },
      },
      at,
      hashToken(token),
    );
    if (i === 0) bookingPath = `/booking/${id}/${token}`;
  }
  const homeOrder = homeSections.flatMap((section) => section.properties);
  const heroOf = (id: string) => heroSizes.get(id)!;
  const propertyPages = spreadPositions(homeOrder.length, (i) => {
    const [width, height] = heroOf(homeOrder[i]!);
    return height > width;
  }).map((i) => ({ path: `/stay/${homeOrder[i]!}`, position: i + 1, hero: heroOf(homeOrder[i]!) }));
  return { propertyPath: `/stay/${homeOrder[0]!}`, propertyPages, bookingPath };
}

/**
 * The bytes a browser receives for `url` asked with `Accept-Encoding: br, gzip`: the status line,
 * the headers and the (compressed) body, as HTTP/1.1 puts them on the wire; and the encoding.
 */
export function wireBytes(
  url: string,
): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let body = 0;
        res.on('data', (c: Buffer) => (body += c.length));
        res.on('end', () => {
          let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
          resolve({
            status: res.statusCode ?? 0,
            bytes: head + body,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
