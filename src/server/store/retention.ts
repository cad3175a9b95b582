/**
 * What is kept (SAF-4): the newest REVISIONS_KEPT revisions, and every photo a kept revision names,
 * so a restored or previewed revision always has its photos. Run after each save (an import, a
 * restore): older revisions are deleted, then photos that no kept revision names, with their
 * original, normalised file and every variant.
 *
 * A photo uploaded but not yet imported is named by no revision: photos younger than
 * PHOTO_GRACE_MS are never removed, so an import that follows its upload always finds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { photoStem, VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/photo-urls.js';
import type { AppContext } from '../context.js';
import { DAY_MS } from '../../shared/instants.js';

/** How long a photo named by no revision is kept after its upload, milliseconds (a day). */
export const PHOTO_GRACE_MS = DAY_MS;

export interface RetentionResult {
  /** How many revisions were deleted. */
  revisionsPruned: number;
  /** Names of the photos removed, files and all. */
  photosRemoved: string[];
  /** Files of removed photos that could not be deleted (left on disk, never served by name). */
  filesLeft: string[];
}

/** Every file the image pipeline writes for photo `name`, relative to DATA_DIR's folders. */
function photoFiles(ctx: Pick<AppContext, 'paths'>, name: string): string[] {
  const stem = photoStem(name);
  const variants = path.join(ctx.paths.images, 'v');
  const files = [path.join(ctx.paths.originals, name), path.join(ctx.paths.images, name)];
  for (const width of VARIANT_WIDTHS) {
    for (const format of VARIANT_FORMATS)
      files.push(path.join(variants, `${stem}-${width}.${format}`));
  }
  files.push(path.join(variants, `${stem}-og.jpg`));
  return files;
}

/**
 * Prunes revisions beyond `config.revisionsKept` and removes the photos no kept revision names
 * (uploaded before `now - PHOTO_GRACE_MS`). The database part runs in one IMMEDIATE transaction;
 * files are deleted after it commits, so a crash in between leaves stray files, never a photo row
 * whose files are gone; a file that cannot be deleted is reported in `filesLeft`, the others are
 * deleted anyway. `now` is milliseconds since the epoch (default: the app's clock, TIME-3). Throws
 * only on a database error.
 */
export function applyRetention(
  ctx: Pick<AppContext, 'db' | 'paths' | 'config' | 'clock'>,
  now = ctx.clock(),
): RetentionResult {
  const { db } = ctx;
  const prune = db.transaction((): RetentionResult => {
    const oldestKept = (
      db
        .prepare('SELECT id FROM revisions ORDER BY id DESC LIMIT 1 OFFSET ?')
        .get(ctx.config.revisionsKept - 1) as { id: number } | undefined
    )?.id;
    const revisionsPruned =
      oldestKept === undefined
        ? 0
        : db.prepare('DELETE FROM revisions WHERE id < ?').run(oldestKept).changes;
    const keptFrom =
      oldestKept ??
      (db.prepare('SELECT MIN(id) AS id FROM revisions').get() as { id: number | null }).id;
    if (keptFrom === null) return { revisionsPruned, photosRemoved: [], filesLeft: [] };

    const uploadedBefore = new Date(now - PHOTO_GRACE_MS).toISOString();
    const candidates = (
      db
        .prepare(
          'SELECT name FROM photos WHERE (last_named IS NULL OR last_named < ?) AND created_at < ?',
        )
        .all(keptFrom, uploadedBefore) as { name: string }[]
    ).map((r) => r.name);
    if (candidates.length === 0) return { revisionsPruned, photosRemoved: [], filesLeft: [] };

    // last_named is only as good as the order of upload and import: read the kept catalogues
    // themselves before deleting anything.
    const named = new Set(
      (
        db
          .prepare(
            `SELECT DISTINCT json_extract(photo.value, '$.name') AS name
             FROM revisions AS r,
               json_each(r.json, '$.propertyList') AS property,
               json_each(property.value, '$.photos') AS photo`,
          )
          .all() as { name: string }[]
      ).map((r) => r.name),
    );
    const photosRemoved = candidates.filter((name) => !named.has(name));
    const remove = db.prepare('DELETE FROM photos WHERE name = ?');
    for (const name of photosRemoved) remove.run(name);
    return { revisionsPruned, photosRemoved, filesLeft: [] };
  });
  const result = prune.immediate();
  for (const name of result.photosRemoved) {
    for (const file of photoFiles(ctx, name)) {
      try {
        fs.rmSync(file, { force: true });
      } catch {
        result.filesLeft.push(file);
      }
    }
  }
  return result;
}

/**
 * applyRetention for the routes that save a revision: a failure there (a busy database, a file
 * that cannot be removed) must not turn a saved edit into an error, so it is logged instead; the
 * database part runs again at the next save.
 */
export function applyRetentionAfterSave(
  ctx: Pick<AppContext, 'db' | 'paths' | 'config' | 'clock'>,
  log: { error(obj: object, msg: string): void },
): void {
  try {
    const { filesLeft } = applyRetention(ctx);
    if (filesLeft.length > 0)
      log.error({ filesLeft }, 'files of removed photos could not be deleted');
  } catch (err) {
    log.error({ err }, 'removing old revisions or photos failed');
  }
}
