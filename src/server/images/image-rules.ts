/**
 * The rules an upload meets and the names of the files made from it, shared by the server
 * (pipeline.ts, the image routes) and the image worker process (encode.ts).
 * The URLs naming those files are in src/shared/photo-urls.ts.
 */
import sharp from 'sharp';
import type { VariantFormat } from '../../shared/photo-urls.js';
import { PHOTO_NAME_RE } from '../../shared/site-data.js';

/** Largest upload accepted, bytes (OPS-3: 413 past it, however the body arrives). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Largest decoded image accepted, pixels (IMG-1: decompression bombs are refused with 422). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A refused upload. `status` is the HTTP answer: 400 bad name, 409 name taken, 413 too large,
 * 415 not a supported image, 422 corrupt or too many pixels, 503 the image worker could not finish
 * (it stopped, or went over its memory cap: OPS-4), worth one more try. `field` names the request part.
 */
export class ImageError extends Error {
  status: 400 | 409 | 413 | 415 | 422 | 503;
  field: string;
  constructor(status: ImageError['status'], message: string, field = 'file') {
    super(message);
    this.name = 'ImageError';
    this.status = status;
    this.field = field;
  }
}

/**
 * What the bytes of an accepted upload are: told first by their signature (sniffKinds), then by
 * sharp's header read (where AVIF and HEIC both report "heif").
 */
export type UploadKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'heic';

/**
 * Whether this build of sharp decodes HEIC (HEVC-coded HEIF). sharp's prebuilt libvips reads only
 * the AV1 kind (AVIF), and lists ".heic" among its input suffixes when it reads the other too.
 */
export const HEIC_DECODES = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;

/**
 * Upload extensions accepted (OPS-2), lower case, each with the kinds of bytes it may hold.
 * HEIC and HEIF only where sharp decodes them (HEIC_DECODES).
 */
export const UPLOAD_EXTENSIONS: ReadonlyMap<string, readonly UploadKind[]> = new Map([
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

export const ACCEPTED_LIST = [...UPLOAD_EXTENSIONS.keys()].join(', ');

/** ISO BMFF brands of AVIF (AV1 Image File Format 1.1) and HEIC (ISO/IEC 23008-12) → the kind. */
const BMFF_BRANDS: ReadonlyMap<string, UploadKind> = new Map([
  ['avif', 'avif'],
  ['avis', 'avif'],
  ['heic', 'heic'],
  ['heix', 'heic'],
  ['heim', 'heic'],
  ['heis', 'heic'],
  ['hevc', 'heic'],
  ['hevx', 'heic'],
]);
/** The generic HEIF brands: they say nothing of the codec, so either kind (sharp's header read tells). */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);

/**
 * The accepted kinds whose signature `bytes` begin with (UPL-1), from each format's own
 * specification: JPEG FF D8 FF (ITU T.81 SOI and a marker), PNG's 8-byte signature (RFC 2083),
 * "GIF87a"/"GIF89a", "RIFF" size "WEBP" (RFC 9649), an ISO BMFF "ftyp" box whose major or compatible
 * brands are those of AVIF or HEIC (BMFF_BRANDS, else GENERIC_HEIF_BRANDS). Empty for anything else: TIFF, VIPS, SVG, PDF,
 * PSD, text. Reads at most the first box; decodes nothing.
 */
export function sniffKinds(bytes: Uint8Array): UploadKind[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const text = (start: number, end: number) => buf.subarray(start, end).toString('latin1');
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return ['jpeg'];
  if (text(0, 8) === '\x89PNG\r\n\x1a\n') return ['png'];
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return ['gif'];
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return ['webp'];
  if (text(4, 8) !== 'ftyp' || buf.length < 16) return [];
  // The box's size (big-endian at 0) bounds its brands: the major one at 8, compatible ones from 16.
  const boxEnd = Math.min(buf.readUInt32BE(0), buf.length, 4096);
  const brands = [text(8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(text(at, at + 4));
  const kinds = new Set(brands.flatMap((brand) => BMFF_BRANDS.get(brand) ?? []));
  if (kinds.size === 0 && brands.some((brand) => GENERIC_HEIF_BRANDS.has(brand))) {
    return ['avif', 'heic'];
  }
  return [...kinds];
}

/**
 * The byte check that comes before any decode (UPL-1; OWASP File Upload Cheat Sheet, "File
 * Signature Validation"): `bytes` must begin with the signature of a kind `name`'s extension
 * accepts, so TIFF, VIPS, SVG, PDF or PSD bytes named ".jpg" never reach sharp, whose libvips would
 * otherwise pick its loader from the bytes. Throws ImageError 415 naming `file`.
 */
export function checkUploadBytes(bytes: Uint8Array, name: string): void {
  const extension = extensionOf(name);
  const kinds = sniffKinds(bytes);
  if (kinds.some((kind) => UPLOAD_EXTENSIONS.get(extension)?.includes(kind))) return;
  if (kinds.length === 0) {
    throw new ImageError(415, `This file is not a photo: upload one of ${ACCEPTED_LIST}.`);
  }
  throw new ImageError(
    415,
    `This file holds ${kinds.join(' or ')} data, not ${extension}: upload one of ${ACCEPTED_LIST}, named by its real type.`,
  );
}

/** An upload name's extension: what follows its last dot, lower case ("a.final.JPG" → "jpg"). */
export function extensionOf(name: string): string {
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

/** One width variant to make: its width in pixels and its format. */
export interface VariantJob {
  width: number;
  format: VariantFormat;
}

/** A width variant's path relative to paths.images, e.g. "v/ab12-720.avif". */
export function variantFile(stem: string, width: number, format: VariantFormat): string {
  return `v/${stem}-${width}.${format}`;
}
