/**
 * First-start and every-start work on DATA_DIR (OPS-7, AUTH-1): the owner account, the demo seed
 * when no catalogue is stored, and a publish when nothing is published yet; the published revision
 * rendered again when another build or other site settings rendered it (UPGRADE-1); the width
 * variants that photos stored by an older version lack (OPS-9).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFieldDefaults } from '../shared/property-fields.js';
import { siteDataSchema, type SiteData } from '../shared/site-data.js';
import { ensureOwner } from './auth/accounts.js';
import type { AppContext } from './context.js';
import type { PublishedSite } from './publish/target.js';
import {
  addMissingVariants,
  storePhoto,
  uploadRenderer,
  type RenderUpload,
} from './images/pipeline.js';
import { photoSizes } from './store/photos.js';
import { latestRevision, saveRevision } from './store/revisions.js';

const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../demo');

/**
 * The demo catalogue (demo/catalogue.json), validated. It was written before some property fields
 * existed: those take the field table's default (src/shared/property-fields.ts), as in a stored
 * revision. Throws a ZodError when it is invalid.
 */
export function demoCatalogue(): Omit<SiteData, 'revision'> {
  const demo = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'catalogue.json'), 'utf8')) as {
    propertyList?: object[];
  };
  return siteDataSchema.parse({ ...demo, propertyList: demo.propertyList?.map(withFieldDefaults) });
}

/** How often the seed says how far it is: every this many photos, and at the last (RUNTIME-9). */
const SEED_PROGRESS_EVERY = 5;

/**
 * Stores the demo catalogue (demo/catalogue.json) as the first revision, its photos
 * (demo/photo-sources.json: photo name → file in demo/photos) through the same image pipeline as
 * uploads, two at a time, `say`ing how far it is. Photos already stored are skipped, so a seed
 * killed halfway resumes. Throws when the demo catalogue is invalid.
 */
async function seedDemo(
  ctx: Pick<AppContext, 'db' | 'paths' | 'clock'>,
  say: (line: string) => void,
  render: RenderUpload,
): Promise<number> {
  const catalogue = demoCatalogue();
  const sources = JSON.parse(
    fs.readFileSync(path.join(DEMO_DIR, 'photo-sources.json'), 'utf8'),
  ) as Record<string, string>;
  const stored = photoSizes(ctx.db);
  const names = catalogue.propertyList.flatMap((p) => p.photos.map((ph) => ph.name));
  const pending = names.filter((n) => !stored[n]);
  let next = 0;
  let done = names.length - pending.length;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < pending.length) {
        const name = pending[next++]!;
        const source = sources[name];
        if (!source) throw new Error(`demo/photo-sources.json has no file for ${name}`);
        await storePhoto(
          ctx,
          fs.readFileSync(path.join(DEMO_DIR, 'photos', path.basename(source))),
          name,
          render,
        );
        done += 1;
        if (done % SEED_PROGRESS_EVERY === 0 || done === names.length)
          say(`Demo photos: ${done} of ${names.length} stored`);
      }
    }),
  );
  return saveRevision(ctx.db, { ...catalogue, revision: 0 }, 'seed', ctx.clock());
}

/**
 * CDN-5: with PUBLISH_TARGET, a bucket that is empty (newly configured) or behind the folder (a
 * publish that failed halfway, or one killed) is published to at start. A bucket behind a folder
 * that serves an older revision than the latest is left for the owner's next publish, so their
 * saved but unpublished edits are not put online; a bucket that cannot be read is said and left.
 */
async function completeBucket(
  ctx: AppContext,
  served: PublishedSite,
  say: (line: string) => void,
): Promise<void> {
  if (!ctx.publisher.bucket) return;
  let inBucket: PublishedSite | undefined;
  try {
    inBucket = await ctx.publisher.bucket.current();
  } catch (error) {
    say(`Could not read the bucket of PUBLISH_TARGET: ${(error as Error).message}`);
    return;
  }
  if (inBucket?.publishedAt === served.publishedAt) return;
  if (inBucket && served.revision !== latestRevision(ctx.db)?.id) {
    say(
      `The bucket serves revision ${inBucket.revision}, this server ${served.revision}: the next publish brings both up to date.`,
    );
    return;
  }
  try {
    const result = await ctx.publisher.publish();
    say(
      `Published revision ${result.revision} to the bucket and the folder: ${result.pages} pages in ${result.ms} ms`,
    );
  } catch (error) {
    say(`Could not publish to the bucket of PUBLISH_TARGET: ${(error as Error).message}`);
  }
}

/**
 * UPGRADE-1: when the build on disk or the site settings differ from those that rendered the
 * served site (an upgrade, `npm run build`, a changed GSTIN or contact detail), the revision it
 * serves, not the owner's unpublished edits, is rendered again into the folder and the bucket
 * before its pages are served (the publisher holds them until then). A failure is said and the
 * old pages are served: they still name only files that are kept (UPGRADE-3). Resolves to the
 * site served afterwards.
 */
async function renderAgainIfStale(
  ctx: AppContext,
  served: PublishedSite,
  say: (line: string) => void,
): Promise<PublishedSite> {
  const why = ctx.publisher.staleness(served);
  try {
    if (!why) return served;
    const result = await ctx.publisher.publish({ revision: served.revision });
    say(
      `Published revision ${result.revision} again, rendered with this ${why === 'build' ? 'build' : 'configuration'}: ${result.pages} pages in ${result.ms} ms`,
    );
    return ctx.publisher.serving() ?? served;
  } catch (error) {
    say(
      `Could not render revision ${served.revision} with this ${why === 'build' ? 'build' : 'configuration'}; serving it as published: ${(error as Error).message}`,
    );
    return served;
  } finally {
    ctx.publisher.settle();
  }
}

/** Prepares DATA_DIR; `say` prints a line for the person starting the server. */
export async function prepareDataDir(ctx: AppContext, say: (line: string) => void): Promise<void> {
  await ensureOwner(ctx, say);
  if (!latestRevision(ctx.db)) {
    say('Seeding the demo catalogue (first start)...');
    await seedDemo(ctx, say, uploadRenderer(ctx.config.renderCache));
  }
  const served = ctx.publisher.serving();
  if (!served) {
    say('Publishing the site...');
    const result = await ctx.publisher.publish();
    say(`Published revision ${result.revision}: ${result.pages} pages in ${result.ms} ms`);
    return;
  }
  const current = await renderAgainIfStale(ctx, served, say);
  await completeBucket(ctx, current, say);
  // OPS-9: photos stored before a width was added to VARIANT_WIDTHS get it while the published
  // site keeps serving (its srcsets name only the widths of its day, all present).
  const { completed, failed } = await addMissingVariants(ctx, Object.keys(photoSizes(ctx.db)));
  if (failed.length > 0) {
    say(
      `Could not make the missing width variants of ${failed.length} photos: ${failed.join(', ')}`,
    );
  }
  if (completed.length === 0) return;
  say(`Made the missing width variants of ${completed.length} photos.`);
  // Republished only when the site shows the latest revision: publishing would otherwise put the
  // owner's saved but unpublished edits online; their next publish names the new widths instead.
  if (served.revision === latestRevision(ctx.db)?.id) {
    const result = await ctx.publisher.publish();
    say(
      `Published revision ${result.revision} again, with every width: ${result.pages} pages in ${result.ms} ms`,
    );
  }
}
