/**
 * The image pipeline (IMG-1..IMG-4; OWASP File Upload Cheat Sheet): an upload's type is decided from its
 * bytes, never from its name or Content-Type; it is decoded and re-encoded by sharp (EXIF
 * orientation applied, every piece of metadata, GPS above all, dropped), and written as
 * - `paths.originals/{name}`: the raw upload, private, never served;
 * - `paths.images/{name}`: the normalised photo, long edge at most 2560 px;
 * - `paths.images/v/{stem}-{480|720|960|1600}.{avif|webp}`: width variants for srcset;
 * - `paths.images/v/{stem}-og.jpg`: the 1200x630 link-preview crop.
 * The URLs naming those files are in src/shared/photo-urls.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  OG_SIZE,
  photoStem,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  type VariantFormat,
} from '../../shared/photo-urls.js';
import { PHOTO_NAME_RE } from '../../shared/site-data.js';
import type { AppContext } from '../context.js';
import { insertPhoto, isPhotoRecorded } from '../store/photos.js';

// OPS-4 (resident set <= 300 MB on a 1 GB machine): every upload is a new photo, so libvips's
// operation cache (50 MB by default) only holds memory that is never reused.
sharp.cache(false);

/**
 * OPS-4: encodes of one photo that run at once. Each holds its own resized copy of the pixels and
 * an encoder's buffers; two keep both cores busy, all nine at once only raised the peak.
 */
const ENCODES_AT_ONCE = 2;

/** The photo being decoded and encoded now: the next waits for it (OPS-4, peak memory). */
let rendering: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` after every task given before it has settled, so this process renders one photo at a
 * time whatever the number of concurrent uploads (two tabs, the demo seed's two workers).
 */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = rendering.then(task);
  rendering = result.catch(() => undefined);
  return result;
}

/** Runs `tasks` with at most `limit` running at once; results in the order of `tasks`. */
async function runLimited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** Largest upload accepted, bytes (OPS-3: 413 past it, however the body arrives). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Largest decoded image accepted, pixels (IMG-1: decompression bombs are refused with 422). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Long edge of the normalised photo, pixels (IMG-2). */
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

/** What the bytes of an accepted upload are, as told by sharp's metadata (AVIF and HEIC both report "heif"). */
type UploadKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'heic';

/**
 * Whether this build of sharp decodes HEIC (HEVC-coded HEIF). sharp's prebuilt libvips reads only
 * the AV1 kind (AVIF), and lists ".heic" among its input suffixes when it reads the other too.
 */
export const HEIC_DECODES = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;

/**
 * Upload extensions accepted (OPS-2), lower case, each with the kinds of bytes it may hold.
 * HEIC and HEIF only where sharp decodes them (HEIC_DECODES).
 */
const UPLOAD_EXTENSIONS: ReadonlyMap<string, readonly UploadKind[]> = new Map([
  ['jpg', ['jpeg']],
  ['jpeg', ['jpeg']],
  ['png', ['png']],
  ['webp', ['webp']],
  ['avif', ['avif']],
  ['gif', ['gif']],
  ...(HEIC_DECODES
    ? ([
        ['heic', ['heic']],
        ['heif', ['heic', 'avif']],
      ] as const)
    : []),
]);

const ACCEPTED_LIST = [...UPLOAD_EXTENSIONS.keys()].join(', ');

/** libvips loader names of the accepted formats, as they appear in its error messages. */
const ACCEPTED_LOADER_RE = /\b(?:VipsJpeg|jpegload|pngload|spng|webp|heif|gifload|nsgif)/i;

/** An upload name's extension: what follows its last dot, lower case ("a.final.JPG" → "jpg"). */
function extensionOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase();
}

/**
 * Refuses an upload name that is not "{id}.{extension}" (400) or whose extension is not an image
 * one we take (415, e.g. "{id}.php", "{id}.svg"), with `field` "file.filename" (OPS-2).
 * Needs no bytes, so the upload route runs it before reading the body.
 */
export function checkUploadName(name: string): void {
  if (!PHOTO_NAME_RE.test(name)) {
    throw new ImageError(
      400,
      'The file name must be "{id}.{extension}" with letters, digits and "-" only.',
      'file.filename',
    );
  }
  const extension = extensionOf(name);
  if (UPLOAD_EXTENSIONS.has(extension)) return;
  if (extension === 'heic' || extension === 'heif') {
    throw new ImageError(
      415,
      `This server cannot read HEIC photos: export it as JPEG and retry (accepted: ${ACCEPTED_LIST}).`,
      'file.filename',
    );
  }
  throw new ImageError(
    415,
    `A photo's name must end in one of ${ACCEPTED_LIST}; "${extension}" is not accepted.`,
    'file.filename',
  );
}

function kindOf(meta: sharp.Metadata): UploadKind | undefined {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return meta.format;
    case 'heif':
      if (meta.compression === 'av1') return 'avif';
      if (meta.compression === 'hevc' && HEIC_DECODES) return 'heic';
      return undefined;
    default:
      return undefined;
  }
}

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

/**
 * Reads only the header and refuses what is not a photo of the kind `name`'s extension says, or
 * claims too many pixels.
 */
async function inspect(bytes: Buffer, name: string): Promise<void> {
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
    throw new ImageError(415, `This file is not a photo: upload one of ${ACCEPTED_LIST}.`);
  }
  const extension = extensionOf(name);
  const kind = kindOf(meta);
  if (!kind || !UPLOAD_EXTENSIONS.get(extension)?.includes(kind)) {
    throw new ImageError(
      415,
      `This file holds ${kind ?? meta.format ?? 'no image'} data, not ${extension}: upload one of ${ACCEPTED_LIST}, named by its real type.`,
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
      // Effort 2 (default 4) halves the encode time for files ~3 % larger (PERF-4, see avif).
      return image.webp({ quality: 80, effort: 2 }).toBuffer();
    case 'avif':
      // The owner waits on this (PERF-4: 12 MP upload to all variants within 3 s). Measured on the
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

/** A width variant's path relative to paths.images, e.g. "v/ab12-720.avif". */
function variantFile(stem: string, width: number, format: VariantFormat): string {
  return `v/${stem}-${width}.${format}`;
}

/** One width variant of decoded pixels: never wider than the photo itself. */
function encodeVariant(pixels: sharp.Sharp, width: number, format: VariantFormat): Promise<Buffer> {
  return encode(pixels.resize({ width, withoutEnlargement: true }), format);
}

/** Decodes `input` (bytes or a file path) to raw pixels, EXIF-rotated, long edge at most MAX_LONG_EDGE. */
function decode(input: Buffer | string): Promise<{ data: Buffer; info: sharp.OutputInfo }> {
  return sharp(input, INPUT_OPTIONS)
    .rotate()
    .resize({
      width: MAX_LONG_EDGE,
      height: MAX_LONG_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/**
 * Decodes once, then encodes every file in memory, ENCODES_AT_ONCE at a time and one photo at a
 * time in this process (OPS-4): path relative to paths.images → bytes.
 */
function render(
  bytes: Buffer,
  name: string,
): Promise<{ files: Map<string, Buffer>; width: number; height: number }> {
  return oneAtATime(async () => {
    let decoded: { data: Buffer; info: sharp.OutputInfo };
    try {
      decoded = await decode(bytes);
    } catch {
      throw new ImageError(422, 'This image is damaged or incomplete: export it again and retry.');
    }
    const { width, height, channels } = decoded.info;
    const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
    const stem = photoStem(name);
    const jobs: [string, () => Promise<Buffer>][] = [
      [name, () => encode(pixels(), normalisedFormat(name))],
    ];
    for (const w of VARIANT_WIDTHS) {
      for (const f of VARIANT_FORMATS) {
        jobs.push([variantFile(stem, w, f), () => encodeVariant(pixels(), w, f)]);
      }
    }
    jobs.push([
      `v/${stem}-og.jpg`,
      () =>
        encode(
          pixels().resize({ ...OG_SIZE, fit: 'cover', position: sharp.strategy.attention }),
          'og',
        ),
    ]);
    const encoded = await runLimited(
      jobs.map(([, job]) => job),
      ENCODES_AT_ONCE,
    );
    const files = new Map(jobs.map(([rel], i) => [rel, encoded[i]!]));
    return { files, width, height };
  });
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
 * Throws ImageError: 400 name not "{id}.{extension}", 409 name taken, 413 over 25 MB, 415 an
 * extension not in UPLOAD_EXTENSIONS or bytes not of its kind (OPS-2: "{id}.php", SVG, text, a PNG
 * named .jpg ...), 422 corrupt or over 50 MP.
 */
export async function storePhoto(
  ctx: Pick<AppContext, 'db' | 'paths'>,
  bytes: Buffer,
  name: string,
): Promise<StoredPhoto> {
  checkUploadName(name);
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new ImageError(413, `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  }
  if (nameTaken(ctx, name))
    throw new ImageError(409, `A photo named "${name}" already exists.`, 'file.filename');
  await inspect(bytes, name);
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

/** What addMissingVariants did: photo names that got files, and those it could not complete. */
export interface VariantBackfill {
  completed: string[];
  failed: string[];
}

/**
 * Makes the width variants (VARIANT_WIDTHS x VARIANT_FORMATS) missing for the stored photos
 * `names`, from each photo's normalised file: a width added to VARIANT_WIDTHS after photos were
 * stored (OPS-9) must exist before a published srcset names it. Photos are rendered one at a time
 * in this process, queued with uploads, and only the missing files are encoded (OPS-4: memory).
 * Each file is written under a temporary name and renamed into place, so a half-written variant is
 * never served and a second run (another publish, the next start) only finishes what is left.
 * Photos with every variant are skipped after one listing of `paths.images/v`.
 * Never throws for a photo: one whose normalised file is missing or unreadable is listed in
 * `failed` and its variants stay as they were.
 */
export async function addMissingVariants(
  ctx: Pick<AppContext, 'paths'>,
  names: Iterable<string>,
): Promise<VariantBackfill> {
  const dir = path.join(ctx.paths.images, 'v');
  let present: Set<string>;
  try {
    present = new Set(await fs.promises.readdir(dir));
  } catch {
    present = new Set();
  }
  const result: VariantBackfill = { completed: [], failed: [] };
  for (const name of names) {
    const stem = photoStem(name);
    const missing = VARIANT_WIDTHS.flatMap((width) =>
      VARIANT_FORMATS.map((format) => ({ width, format, file: variantFile(stem, width, format) })),
    ).filter(({ file }) => !present.has(path.basename(file)));
    if (missing.length === 0) continue;
    try {
      const made = await oneAtATime(async () => {
        // A publish and the start's backfill may both queue this photo: the later one finds the
        // files the earlier one wrote.
        const todo = missing.filter(
          ({ file }) => !fs.existsSync(path.join(ctx.paths.images, file)),
        );
        if (todo.length === 0) return false;
        const { data, info } = await decode(path.join(ctx.paths.images, name));
        const { width, height, channels } = info;
        const encoded = await runLimited(
          todo.map(
            ({ width: w, format }) =>
              () =>
                encodeVariant(sharp(data, { raw: { width, height, channels } }), w, format),
          ),
          ENCODES_AT_ONCE,
        );
        await fs.promises.mkdir(dir, { recursive: true });
        const token = crypto.randomBytes(6).toString('hex');
        for (const [i, { file }] of todo.entries()) {
          const target = path.join(ctx.paths.images, file);
          const temp = path.join(dir, `.${token}.${path.basename(target)}.tmp`);
          try {
            await fs.promises.writeFile(temp, encoded[i]!, { flag: 'wx' });
            await fs.promises.rename(temp, target);
          } finally {
            await fs.promises.rm(temp, { force: true });
          }
        }
        return true;
      });
      if (made) result.completed.push(name);
    } catch {
      result.failed.push(name);
    }
  }
  return result;
}

