/**
 * Publishing (PUB-1..PUB-3, CDN-1, decision 011): renders the latest stored revision once
 * (render.ts) and hands its files to every target: the bucket when PUBLISH_TARGET names one
 * (s3-target.ts), then the local folder this server serves (folder-target.ts). Each target is told
 * the files pages name (the client build, photos, the data script) first, then the pages, then
 * commits, so no page is ever stored before what it names (CDN-4). The folder comes last, so what
 * this server serves, and what health and the start read, is never ahead of the bucket: a publish
 * that fails anywhere leaves the folder on the previous site and reports the failure, and the
 * next publish completes it (CDN-5). Each target then prunes what no later publish needs.
 *
 * Every publish records the build and the site settings that rendered it (UPGRADE-1). Until the
 * start has re-rendered a site rendered with another build or other settings (startup.ts), or
 * this process has published, such a site is not served (servableDir).
 *
 * Publishes are serialised: in one process by a promise chain, across processes (the server and
 * the publish CLI) by a pid lock file, so a later publish always reads the latest revision and a
 * slower, older one can never swap back over it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext, Publisher, PublishResult } from '../context.js';
import { createFolderTarget, isAlive, type FolderTarget } from './folder-target.js';
import { renderSite } from './render.js';
import { createBucketTarget } from './s3-target.js';
import { buildIdentity } from './client-build.js';
import { settingsIdentity } from './site-settings.js';
import type { PublishedSite, PublishTarget } from './target.js';

/** The lock file that serialises publishes across processes (the server and the publish CLI). */
const LOCK_FILE = '.publish.lock';

/**
 * Takes the cross-process publish lock: a file created exclusively, holding the owner's pid. A lock
 * whose process is gone (killed mid-publish) is taken over at once. Waits up to `timeoutMs`, then
 * throws.
 *
 * Neither time here is an instant of the app's (TIME-5, decision 027): the wait is elapsed time
 * (`performance.now()`, which no change of the wall clock moves), and an empty lock's age is the
 * machine's time less its file's mtime, which the file system stamps on the machine's clock; the
 * app's clock, which a test may hold days ahead, would make every empty lock look abandoned.
 */
async function acquireLock(siteDir: string, timeoutMs = 120_000): Promise<() => void> {
  const lockPath = path.join(siteDir, LOCK_FILE);
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    let age: number;
    try {
      holder = Number(fs.readFileSync(lockPath, 'utf8') || NaN);
      age = Date.now() - fs.statSync(lockPath).mtimeMs;
    } catch {
      continue;
    }
    // An empty lock is being written by its creator, unless it has been empty for a while.
    const stale = Number.isInteger(holder) && holder > 0 ? !isAlive(holder) : age > 2000;
    if (stale) {
      // Only one waiter wins the rename; the others see the file gone and retry the create.
      try {
        fs.renameSync(lockPath, `${lockPath}.stale-${process.pid}`);
        fs.rmSync(`${lockPath}.stale-${process.pid}`, { force: true });
      } catch {
        // Another waiter took it over first.
      }
      continue;
    }
    if (performance.now() > deadline)
      throw new Error(`publish: another publish (pid ${holder}) still holds ${lockPath}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function publishLocked(
  ctx: Omit<AppContext, 'publisher'>,
  targets: readonly PublishTarget[],
  folder: FolderTarget,
  revision: number | undefined,
): Promise<PublishResult> {
  const started = performance.now();
  // Later than the publish serving now even on a clock held still or set back (a test's, TIME-5),
  // so the new folder's name (revision and time) is never an existing one's.
  const last = folder.serving();
  const at = Math.max(ctx.clock(), last ? Date.parse(last.publishedAt) + 1 : 0);
  const site = await renderSite(ctx, at, revision);
  const published = {
    revision: site.revision,
    publishedAt: site.publishedAt,
    build: site.build,
    settings: site.settings,
  };
  const stored: PublishResult['targets'] = [];
  for (const target of targets) {
    const named = await target.write(published, site.named);
    const pages = await target.write(published, site.pages);
    await target.commit(published);
    stored.push({ kind: target.kind, written: named + pages, pruned: 0 });
  }
  // What was pruned is reported; a prune that fails is retried by the next publish, the site is
  // already whole and live.
  const problems: string[] = [];
  for (const [i, target] of targets.entries()) {
    try {
      stored[i]!.pruned = await target.prune(ctx.clock());
    } catch (error) {
      problems.push(`${target.kind}: ${(error as Error).message}`);
    }
  }
  return {
    revision: site.revision,
    pages: site.pages.filter((f) => f.contentType.startsWith('text/html')).length,
    ms: Math.round(performance.now() - started),
    dir: folder.serving()!.dir,
    targets: stored,
    ...(problems.length > 0 ? { pruneErrors: problems } : {}),
  };
}

/**
 * The targets for `ctx`'s configuration: the bucket when PUBLISH_TARGET names one, then the local
 * folder (always last: see the module comment).
 */
function defaultTargets(ctx: Omit<AppContext, 'publisher'>): {
  targets: PublishTarget[];
  folder: FolderTarget;
} {
  const folder = createFolderTarget(ctx.paths.site);
  const bucket = ctx.config.publishBucket && createBucketTarget(ctx.config.publishBucket);
  return { targets: bucket ? [bucket, folder] : [folder], folder };
}

/**
 * A publisher for DATA_DIR's site folder and the configured bucket. `targets` replaces them (tests
 * wrap a target to fail between phases); it must end with `folder`.
 */
export function createPublisher(
  ctx: Omit<AppContext, 'publisher'>,
  { targets, folder } = defaultTargets(ctx),
): Publisher {
  if (targets.at(-1) !== folder) throw new Error('publish: the folder target must come last');
  const bucket = targets.find((t) => t.kind === 'bucket');
  let chain: Promise<unknown> = Promise.resolve();
  const listeners: ((dir: string) => void)[] = [];
  let settled = false;
  const staleness = (site: PublishedSite | undefined): 'build' | 'settings' | undefined => {
    if (!site) return undefined;
    let build: string | undefined;
    try {
      build = buildIdentity();
    } catch {
      // No build to render with: re-rendering cannot help, the pages are what there is.
      return undefined;
    }
    if (site.build !== build) return 'build';
    return site.settings === settingsIdentity(ctx.config) ? undefined : 'settings';
  };
  return {
    publish(opts = {}) {
      const run = chain.then(async () => {
        const release = await acquireLock(ctx.paths.site);
        try {
          return await publishLocked(ctx, targets, folder, opts.revision);
        } finally {
          release();
        }
      });
      chain = run.catch(() => undefined);
      return run.then((result) => {
        settled = true;
        for (const listener of listeners) listener(result.dir);
        return result;
      });
    },
    serving: () => folder.serving(),
    currentDir: () => folder.serving()?.dir,
    staleness,
    servableDir() {
      const site = folder.serving();
      return settled || staleness(site) === undefined ? site?.dir : undefined;
    },
    settle() {
      settled = true;
    },
    filesDir: () => folder.filesDir,
    keptDirs: () => folder.keptDirs(),
    publishedFiles: (dir) => folder.filesOf(dir),
    page: (urlPath) => folder.read(urlPath),
    ...(bucket ? { bucket: { current: () => bucket.current() } } : {}),
    onSwap(listener) {
      listeners.push(listener);
    },
  };
}
