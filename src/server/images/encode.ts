/**
 * What the image worker process does with sharp (IMG-1..IMG-3; OWASP File Upload Cheat Sheet): an
 * upload's type is decided from its bytes, never from its name or Content-Type; it is decoded once
 * (EXIF orientation applied, long edge at most 2560 px) and re-encoded without any metadata (GPS
 * above all) into the normalised photo, its width variants and its link-preview crop.
 * Only `render-worker.ts` imports this module, so libvips's pixel buffers and encoders live in that
 * process and never in the server's (OPS-4); the files are written by pipeline.ts.
 * Loading it blocks, for the whole process, every libvips loader but those of the accepted kinds
 * (UPL-2: ACCEPTED_LOADERS).
 */
import fs from 'node:fs';
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { OG_SIZE, photoStem, VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/photo-urls.js';
import {
  ACCEPTED_LIST,
  checkUploadBytes,
  extensionOf,
  HEIC_DECODES,
  ImageError,
  MAX_INPUT_PIXELS,
  normalisedFormat,
  UPLOAD_EXTENSIONS,
  variantFile,
  type NormalisedFormat,
  type UploadKind,
  type VariantJob,
} from './image-rules.js';

// OPS-4: every upload is a new photo, so libvips's operation cache (50 MB by default) only holds
// memory that is never reused.
sharp.cache(false);

/**
 * The only libvips loaders this process may run (UPL-2): those of the accepted kinds, reading from
 * memory (sharp hands them a Buffer; renderVariants reads its file first). libvips picks its loader
 * from the bytes, so every other one is blocked, whatever the upload's name: all of libvips 8.18's
 * loaders derive from VipsForeignLoad (tiffload, vipsload, svgload, pdfload, magickload,
 * openslideload, matrixload, fitsload, csvload, rawload, ppmload, radload, analyzeload, niftiload,
 * openexrload, jp2kload, jxlload, uhdrload, dcrawload; the file and source forms of the accepted
 * ones), and one added by a later libvips is blocked too. The advisories behind this:
 * GHSA-f88m-g3jw-g9cj (GIF, TIFF, VIPS loaders), GHSA-rgj7-g3m4-5g8c (libheif).
 * heifload stays for AVIF; HEIC goes through it too and decodes only where HEIC_DECODES.
 */
const ACCEPTED_LOADERS = [
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadNsgifBuffer',
  'VipsForeignLoadHeifBuffer',
];
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ACCEPTED_LOADERS });

/**
 * OPS-4: encodes of one photo that run at once. Each holds its own resized copy of the pixels and
 * an encoder's buffers; two keep both cores busy, all nine at once only raised the peak.
 */
const ENCODES_AT_ONCE = 2;
/** Long edge of the normalised photo, pixels (IMG-2). */
const MAX_LONG_EDGE = 2560;

/**
 * Options of every sharp call on an upload or a stored photo, header reads included (UPL-3): the
 * pixel limit (IMG-1), and only the first frame, which is all a photo may have.
 */
const INPUT_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
  pages: 1,
};

/** libvips loader names of the accepted formats, as they appear in its error messages. */
const ACCEPTED_LOADER_RE = /\b(?:VipsJpeg|jpegload|pngload|spng|webp|heif|gifload|nsgif)/i;
/** sharp's refusal of an image over limitInputPixels, from its header. */
const PIXEL_LIMIT_RE = /exceeds pixel limit/i;
const TOO_MANY_PIXELS = `This image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels, the most accepted: export it smaller and retry.`;

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

function kindOf(meta: Metadata): UploadKind | undefined {
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

/**
 * Checks the signature of `bytes` against `name` (checkUploadBytes: nothing else reaches libvips),
 * then reads only the header and refuses what is not a photo of the kind `name`'s extension says,
 * claims too many pixels or holds more than one frame. Throws ImageError 415 (not that kind of
 * photo) or 422 (damaged, too big, an animation).
 */
async function inspect(bytes: Uint8Array, name: string): Promise<void> {
  checkUploadBytes(bytes, name);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, INPUT_OPTIONS).metadata();
  } catch (err) {
    const { message } = err as Error;
    if (PIXEL_LIMIT_RE.test(message)) throw new ImageError(422, TOO_MANY_PIXELS);
    // libvips names the loader that gave up: one of ours means a damaged photo, anything else
    // (bytes that only look like a photo, a blocked loader) is not a photo we take.
    if (ACCEPTED_LOADER_RE.test(message)) {
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
  // UPL-3: a photo is one picture. The site would show only the first frame of an animation, and a
  // GIF of thousands of frames is a known way to keep a decoder busy.
  if ((meta.pages ?? 1) > 1) {
    throw new ImageError(
      422,
      `This image is an animation of ${meta.pages} frames; upload a still photo.`,
    );
  }
}

/** How an AVIF is encoded: the normalised photo and the 1600 px variant, or a phone's variant. */
interface AvifSettings {
  quality: number;
  effort: number;
  chromaSubsampling: '4:2:0' | '4:4:4';
}

/** The normalised photo and the 1600 px variant: the owner waits on them (PERF-4). */
const AVIF_LARGE: AvifSettings = { quality: 55, effort: 0, chromaSubsampling: '4:4:4' };

/**
 * The variants a phone fetches (480-960 px). Their bytes decide the property page's LCP under
 * Lighthouse's mobile throttling: one TCP round trip or two for the hero (OPS-9: 37.7 KB gave LCP
 * 1205 ms, 31.5 KB 1055 ms). Effort 2 (~0.1-0.3 s of CPU each) over 0 saves ~14 %. sharp 0.35's
 * libvips 8.18 writes ~20 % larger AVIFs than 0.34 at the same quality (the demo's 720 px hero:
 * 31.5 KB became 38.3 KB, LCP 1205 ms again); quality 50 with 4:2:0 chroma (the subsampling JPEG
 * photos have anyway) brings it to 30.9 KB.
 */
const AVIF_PHONE: AvifSettings = { quality: 50, effort: 2, chromaSubsampling: '4:2:0' };

function avifSettings(width: number): AvifSettings {
  return width <= 960 ? AVIF_PHONE : AVIF_LARGE;
}

function encode(
  image: Sharp,
  format: NormalisedFormat | 'og',
  avif: AvifSettings = AVIF_LARGE,
): Promise<Buffer> {
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    case 'webp':
      // Effort 2 (default 4) halves the encode time for files ~3 % larger (PERF-4, see avif).
      return image.webp({ quality: 80, effort: 2 }).toBuffer();
    case 'avif':
      // The owner waits on this (PERF-4: 12 MP upload to all variants within 3 s). Measured on the
      // 12 MP fixture, 1600 px wide: effort 0 takes ~0.4 s of CPU for 107 KB, effort 1 ~1.2 s for
      // 102 KB, the default 4 several seconds; AVIF is most of the pipeline's time (avifSettings).
      return image.avif(avif).toBuffer();
    case 'jpeg':
    case 'og':
      return image
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, progressive: true })
        .toBuffer();
  }
}

/** Decodes `input` to raw pixels, EXIF-rotated, long edge at most MAX_LONG_EDGE. */
function decode(input: Uint8Array): Promise<{ data: Buffer; info: OutputInfo }> {
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

/** A sharp pipeline on decoded pixels, under the same pixel limit as every other call (UPL-3). */
function pixelsOf(decoded: { data: Buffer; info: OutputInfo }): Sharp {
  const { width, height, channels } = decoded.info;
  return sharp(decoded.data, {
    raw: { width, height, channels },
    limitInputPixels: MAX_INPUT_PIXELS,
  });
}

/** A width variant of decoded pixels, never wider than the photo itself. */
function variantOf(decoded: { data: Buffer; info: OutputInfo }, job: VariantJob) {
  return encode(
    pixelsOf(decoded).resize({
      width: job.width,
      withoutEnlargement: true,
    }),
    job.format,
    avifSettings(job.width),
  );
}

/** What renderUpload made: path relative to paths.images → bytes, and the normalised size. */
export interface RenderedUpload {
  files: [string, Buffer][];
  width: number;
  height: number;
}

/**
 * Checks an upload's bytes against its name (`inspect`), decodes it once and encodes the
 * normalised photo, every width variant and the og crop, ENCODES_AT_ONCE at a time.
 * Throws ImageError 415 or 422.
 */
export async function renderUpload(bytes: Uint8Array, name: string): Promise<RenderedUpload> {
  await inspect(bytes, name);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await decode(bytes);
  } catch {
    throw new ImageError(422, 'This image is damaged or incomplete: export it again and retry.');
  }
  const { width, height } = decoded.info;
  const stem = photoStem(name);
  const jobs: [string, () => Promise<Buffer>][] = [
    [name, () => encode(pixelsOf(decoded), normalisedFormat(name))],
  ];
  for (const w of VARIANT_WIDTHS) {
    for (const f of VARIANT_FORMATS) {
      jobs.push([variantFile(stem, w, f), () => variantOf(decoded, { width: w, format: f })]);
    }
  }
  jobs.push([
    `v/${stem}-og.jpg`,
    () =>
      encode(
        pixelsOf(decoded).resize({ ...OG_SIZE, fit: 'cover', position: sharp.strategy.attention }),
        'og',
      ),
  ]);
  const encoded = await runLimited(
    jobs.map(([, job]) => job),
    ENCODES_AT_ONCE,
  );
  return { files: jobs.map(([rel], i) => [rel, encoded[i]!]), width, height };
}

/**
 * Encodes the width variants `jobs` of the stored normalised photo at `file` (an absolute path),
 * in the order of `jobs`. The file is read into memory first, so the buffer loaders of
 * ACCEPTED_LOADERS are the only ones needed. Throws when the file is missing or unreadable, or
 * holds a kind whose loader is blocked.
 */
export async function renderVariants(file: string, jobs: VariantJob[]): Promise<Buffer[]> {
  const decoded = await decode(await fs.promises.readFile(file));
  return runLimited(
    jobs.map((job) => () => variantOf(decoded, job)),
    ENCODES_AT_ONCE,
  );
}
