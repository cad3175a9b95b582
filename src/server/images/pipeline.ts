/**
 * The image pipeline (issue 3; OWASP File Upload Cheat Sheet): an upload's type is decided from its
 * bytes, never from its name or Content-Type; it is decoded and re-encoded by sharp (EXIF
 * orientation applied, every piece of metadata, GPS above all, dropped), and written as
 * - `paths.originals/{name}`: the raw upload, private, never served;
 * - `paths.images/{name}`: the normalised photo, long edge at most 2560 px;
 * - `paths.images/v/{stem}-{480|960|1600}.{avif|webp}`: width variants for srcset;
 * - `paths.images/v/{stem}-og.jpg`: the 1200x630 link-preview crop.
 * The URLs naming those files are in src/shared/photo-urls.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { OG_SIZE, photoStem, VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/photo-urls.js';
import { PHOTO_NAME_RE } from '../../shared/site-data.js';
import type { AppContext } from '../context.js';
import { insertPhoto, isPhotoRecorded } from '../store/photos.js';

/** Largest upload accepted, bytes (issue 3: 413 past it). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Largest decoded image accepted, pixels (issue 3: decompression bombs are refused with 422). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Long edge of the normalised photo, pixels (issue 3). */
const MAX_LONG_EDGE = 2560;

/** What storePhoto stored: the name and the normalised photo's pixel size. */
export interface StoredPhoto {
  name: string;
  width: number;
  height: number;
}

/**
 * A refused upload. `status` is the HTTP answer: 400 bad name, 409 name taken, 413 too large,
 * 415 not a supported image, 422 corrupt or too many pixels. `field` names the request part.
 */
export class ImageError extends Error {
  status: 400 | 409 | 413 | 415 | 422;
  field: string;
  constructor(status: ImageError['status'], message: string, field = 'file') {
    super(message);
    this.name = 'ImageError';
    this.status = status;
    this.field = field;
  }
}

/** Formats sharp reports in metadata that we accept (AVIF and HEIC both report "heif"). */
const ACCEPTED_INPUT = new Set(['jpeg', 'png', 'webp', 'heif']);
/** libvips loader names of those formats, as they appear in its error messages. */
const ACCEPTED_LOADER_RE = /\b(?:VipsJpeg|jpegload|pngload|spng|webp|heif)/i;

/** Output format of the normalised photo, and its Content-Type. */
export type NormalisedFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** Content-Type of each format written (the variants' avif and webp included). */
export const CONTENT_TYPES: Record<NormalisedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * The format the normalised photo `name` is written in: the one its extension names when sharp can
 * write it (jpg/jpeg, png, webp, avif), else JPEG (e.g. "x.heic", "x.tar.gz" hold JPEG bytes).
 */
export function normalisedFormat(name: string): NormalisedFormat {
  const ext = name.slice(name.indexOf('.') + 1).toLowerCase();
  if (ext === 'png' || ext === 'webp' || ext === 'avif') return ext;
  return 'jpeg';
}

const INPUT_OPTIONS: sharp.SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };

/** Reads only the header and refuses what is not a photo we take, or claims too many pixels. */
async function inspect(bytes: Buffer): Promise<void> {
  let meta: sharp.Metadata;
  try {
    // Only the header is read here, so the pixel limit is checked below with a clearer answer.
    meta = await sharp(bytes, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
  } catch (err) {
    // libvips names the loader that gave up: one of ours means a damaged photo, anything else
    // (an SVG without a size, an empty or unknown file) is not a photo we take.
    if (ACCEPTED_LOADER_RE.test((err as Error).message)) {
      throw new ImageError(422, 'This image is damaged or incomplete: export it again and retry.');
    }
    throw new ImageError(415, 'This file is not a photo: upload a JPEG, PNG, WebP or AVIF image.');
  }
  if (
    !meta.format ||
    !ACCEPTED_INPUT.has(meta.format) ||
    (meta.format === 'heif' && meta.compression !== 'av1')
  ) {
    throw new ImageError(
      415,
      `This file is ${meta.format ?? 'not an image'}: upload a JPEG, PNG, WebP or AVIF image.`,
    );
  }
  if (!meta.width || !meta.height) {
    throw new ImageError(422, 'This image is damaged or incomplete: export it again and retry.');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageError(
      422,
      `This image is ${meta.width}x${meta.height} pixels; the most accepted is ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
  }
}

function encode(image: sharp.Sharp, format: NormalisedFormat | 'og'): Promise<Buffer> {
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    case 'webp':
      // Effort 2 (default 4) halves the encode time for files ~3 % larger (issue 5, see avif).
      return image.webp({ quality: 80, effort: 2 }).toBuffer();
    case 'avif':
      // The owner waits on this (issue 5: 12 MP upload to all variants within 3 s). Measured on the
      // 12 MP fixture, 1600 px wide: effort 0 takes ~0.4 s of CPU for 107 KB, effort 1 ~1.2 s for
      // 102 KB, the default 4 several seconds; AVIF is most of the pipeline's time.
      return image.avif({ quality: 55, effort: 0 }).toBuffer();
    case 'jpeg':
    case 'og':
      return image
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, progressive: true })
        .toBuffer();
  }
}

/** Decodes once, then encodes every file in memory: path relative to paths.images → bytes. */
async function render(
  bytes: Buffer,
  name: string,
): Promise<{ files: Map<string, Buffer>; width: number; height: number }> {
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(bytes, INPUT_OPTIONS)
      .rotate()
      .resize({
        width: MAX_LONG_EDGE,
        height: MAX_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageError(422, 'This image is damaged or incomplete: export it again and retry.');
  }
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  const stem = photoStem(name);
  const jobs: [string, Promise<Buffer>][] = [[name, encode(pixels(), normalisedFormat(name))]];
  for (const w of VARIANT_WIDTHS) {
    for (const f of VARIANT_FORMATS) {
      jobs.push([
        `v/${stem}-${w}.${f}`,
        encode(pixels().resize({ width: w, withoutEnlargement: true }), f),
      ]);
    }
  }
  jobs.push([
    `v/${stem}-og.jpg`,
    encode(pixels().resize({ ...OG_SIZE, fit: 'cover', position: sharp.strategy.attention }), 'og'),
  ]);
  const files = new Map<string, Buffer>();
  for (const [rel, job] of jobs) files.set(rel, await job);
  return { files, width, height };
}

/** True when a photo of this name is recorded or any of its files exists. */
function nameTaken(ctx: Pick<AppContext, 'db' | 'paths'>, name: string): boolean {
  if (isPhotoRecorded(ctx.db, name)) return true;
  return (
    fs.existsSync(path.join(ctx.paths.images, name)) ||
    fs.existsSync(path.join(ctx.paths.originals, name))
  );
}

/**
 * Checks `bytes`, re-encodes them and writes the original (private), the normalised photo and all
 * variants under `name`, then records the photo's size in the photos table.
 * Every file is written to a temporary name and renamed into place, so a half-written file is never
 * served; on any failure everything written is removed and the photos table is unchanged.
 * Throws ImageError: 400 name not "{id}.{extension}", 409 name taken, 413 over 25 MB, 415 not
 * JPEG/PNG/WebP/AVIF (SVG, GIF, HEIC that sharp cannot decode, text ...), 422 corrupt or over 50 MP.
 */
export async function storePhoto(
  ctx: Pick<AppContext, 'db' | 'paths'>,
  bytes: Buffer,
  name: string,
): Promise<StoredPhoto> {
  if (!PHOTO_NAME_RE.test(name)) {
    throw new ImageError(
      400,
      'The file name must be "{id}.{extension}" with letters, digits and "-" only.',
      'file.filename',
    );
  }
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new ImageError(413, `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  }
  if (nameTaken(ctx, name))
    throw new ImageError(409, `A photo named "${name}" already exists.`, 'file.filename');
  await inspect(bytes);
  const { files, width, height } = await render(bytes, name);

  const targets = new Map<string, Buffer>([[path.join(ctx.paths.originals, name), bytes]]);
  for (const [rel, data] of files) targets.set(path.join(ctx.paths.images, rel), data);
  fs.mkdirSync(path.join(ctx.paths.images, 'v'), { recursive: true });
  fs.mkdirSync(ctx.paths.originals, { recursive: true });

  // A leading dot keeps temporary files outside the names the image routes accept.
  const token = crypto.randomBytes(6).toString('hex');
  const tempOf = (target: string) =>
    path.join(path.dirname(target), `.${token}.${path.basename(target)}.tmp`);
  const temps: string[] = [];
  const placed: string[] = [];
  try {
    for (const [target, data] of targets) {
      const temp = tempOf(target);
      temps.push(temp);
      await fs.promises.writeFile(temp, data, { flag: 'wx' });
    }
    // From the name check to the last rename nothing awaits, so no other upload in this process can
    // claim the same name in between; the primary key stops one in another process.
    if (nameTaken(ctx, name))
      throw new ImageError(409, `A photo named "${name}" already exists.`, 'file.filename');
    const normalisedBytes = files.get(name)?.length ?? 0;
    ctx.db.transaction(() => {
      insertPhoto(ctx.db, {
        name,
        width,
        height,
        bytes: normalisedBytes,
        createdAt: new Date().toISOString(),
      });
      for (const target of targets.keys()) {
        fs.renameSync(tempOf(target), target);
        placed.push(target);
      }
    })();
  } catch (err) {
    for (const file of [...temps, ...placed]) fs.rmSync(file, { force: true });
    throw err;
  }
  return { name, width, height };
}
