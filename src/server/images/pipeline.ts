/**
 * The image pipeline (IMG-1..IMG-4): an upload is checked, rendered by the image worker process
 * (render-process.ts, encode.ts: type decided from the bytes, EXIF orientation applied, metadata
 * and GPS dropped) and written as
 * - `paths.originals/{name}`: the raw upload, private, never served;
 * - `paths.images/{name}`: the normalised photo, long edge at most 2560 px;
 * - `paths.images/v/{stem}-{480|720|960|1600}.{avif|webp}`: width variants for srcset;
 * - `paths.images/v/{stem}-og.jpg`: the 1200x630 link-preview crop.
 * The URLs naming those files are in src/shared/photo-urls.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { photoStem, VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/photo-urls.js';
import type { AppContext } from '../context.js';
import { insertPhoto, isPhotoRecorded } from '../store/photos.js';
import {
  checkUploadBytes,
  checkUploadName,
  ImageError,
  MAX_UPLOAD_BYTES,
  variantFile,
} from './image-rules.js';
import { imageWorker } from './render-process.js';

/** What storePhoto stored: the name and the normalised photo's pixel size. */
/** An upload's files as the image worker renders them: [path under images, bytes], and its size. */
interface RenderedPhoto {
  files: [string, Uint8Array][];
  width: number;
  height: number;
}

/** Renders an upload's bytes named `name` (UPL-2's files); throws ImageError for bad images. */
export type RenderUpload = (bytes: Buffer, name: string) => Promise<RenderedPhoto>;

/** The image worker's render of an upload, in its own process (WORK-1). */
export const renderUpload: RenderUpload = (bytes, name) =>
  imageWorker.render({ kind: 'upload', bytes, name });

/**
 * The upload render, its result kept in `folder` (RENDER_CACHE, tests only) by the photo's name and
 * bytes: the first server of a test run renders each demo photo, and the other servers' seeds and
 * the restores of `restore --from-backup-target` read the same files (decision 055). A kept
 * result is written whole under a temporary name, then renamed, so a reader never sees half of
 * one. `folder` undefined: `renderUpload` itself, as in production.
 */
export function uploadRenderer(folder: string | undefined): RenderUpload {
  if (folder === undefined) return renderUpload;
  return async (bytes, name) => {
    const key = crypto.createHash('sha256').update(name).update('\0').update(bytes).digest('hex');
    const file = path.join(folder, `${key}.json`);
    if (fs.existsSync(file)) {
      const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        width: number;
        height: number;
        files: [string, string][];
      };
      return {
        width: kept.width,
        height: kept.height,
        files: kept.files.map(([rel, data]) => [rel, Buffer.from(data, 'base64')]),
      };
    }
    const rendered = await renderUpload(bytes, name);
    fs.mkdirSync(folder, { recursive: true });
    const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(
      temp,
      JSON.stringify({
        width: rendered.width,
        height: rendered.height,
        files: rendered.files.map(([rel, data]) => [rel, Buffer.from(data).toString('base64')]),
      }),
    );
    fs.renameSync(temp, file);
    return rendered;
  };
}

export interface StoredPhoto {
  name: string;
  width: number;
  height: number;
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
 * variants under `name`, then records the photo's size in the photos table, stored at `ctx.clock()`.
 * Every file is written to a temporary name and renamed into place, so a half-written file is never
 * served; on any failure everything written is removed and the photos table is unchanged.
 * The bytes' signature is checked here, before the image worker gets them (UPL-1).
 * Throws ImageError: 400 name not "{id}.{extension}", 409 name taken, 413 over 25 MB, 415 an
 * extension not in UPLOAD_EXTENSIONS or bytes not of its kind (OPS-2: "{id}.php", SVG, TIFF, text,
 * a PNG named .jpg ...), 422 corrupt, over 50 MP or animated (UPL-3), 503 the image worker stopped
 * or passed its memory cap.
 */
export async function storePhoto(
  ctx: Pick<AppContext, 'db' | 'paths' | 'clock'>,
  bytes: Buffer,
  name: string,
  render: RenderUpload = renderUpload,
): Promise<StoredPhoto> {
  checkUploadName(name);
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new ImageError(413, `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  }
  // UPL-1: bytes of a kind the name does not accept never reach the image worker's decoders.
  checkUploadBytes(bytes, name);
  if (nameTaken(ctx, name))
    throw new ImageError(409, `A photo named "${name}" already exists.`, 'file.filename');
  const rendered = await render(bytes, name);
  const { width, height } = rendered;
  const files = new Map(rendered.files);

  const targets = new Map<string, Uint8Array>([[path.join(ctx.paths.originals, name), bytes]]);
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
        createdAt: ctx.clock(),
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
 * by the image worker, queued with uploads, and only the missing files are encoded (OPS-4: memory).
 * Each file is written under a temporary name and renamed into place, so a half-written variant is
 * never served and a second run (another publish, the next start) only finishes what is left.
 * Photos with every variant are skipped after one listing of `paths.images/v`. Calls run one after
 * another (a publish during the start's backfill waits for it), so none renders what another made.
 * Never throws for a photo: one whose normalised file is missing or unreadable is listed in
 * `failed` and its variants stay as they were.
 */
export function addMissingVariants(
  ctx: Pick<AppContext, 'paths'>,
  names: Iterable<string>,
): Promise<VariantBackfill> {
  const list = [...names];
  const run = backfilling.then(() => backfillVariants(ctx, list));
  backfilling = run.catch(() => undefined);
  return run;
}

/**
 * The backfill running now. A publish and the start's backfill may both ask for the same photos:
 * the later waits, then finds the files the earlier wrote, so no photo is rendered twice. Photos
 * are rendered one at a time by the worker anyway, so waiting costs no time.
 */
let backfilling: Promise<unknown> = Promise.resolve();

async function backfillVariants(
  ctx: Pick<AppContext, 'paths'>,
  names: string[],
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
      const { files } = await imageWorker.render({
        kind: 'variants',
        file: path.join(ctx.paths.images, name),
        variants: missing.map(({ width, format }) => ({ width, format })),
      });
      await fs.promises.mkdir(dir, { recursive: true });
      const token = crypto.randomBytes(6).toString('hex');
      for (const [i, { file }] of missing.entries()) {
        const target = path.join(ctx.paths.images, file);
        const temp = path.join(dir, `.${token}.${path.basename(target)}.tmp`);
        try {
          await fs.promises.writeFile(temp, files[i]!, { flag: 'wx' });
          await fs.promises.rename(temp, target);
        } finally {
          await fs.promises.rm(temp, { force: true });
        }
      }
      result.completed.push(name);
    } catch {
      result.failed.push(name);
    }
  }
  return result;
}
