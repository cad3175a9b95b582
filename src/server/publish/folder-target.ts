/**
 * The local folder target (PUB-1, PUB-2; decision 011): DATA_DIR/site/{revision}-{time}/, the
 * folder this server serves (routes/pages.ts), swapped in atomically. Only the files rendered for
 * this publish (pages, sitemap, robots.txt, the data script) are written, each with .br and .gz
 * twins; the client build and the photos are served from where they lie (dist/client,
 * DATA_DIR/images), so files given by path are skipped.
 *
 * Crash safety: the folder is built under a hidden temporary name, every file is written with
 * `flush` (fsync), the folder is renamed to its final name, and only then is the `current` symlink
 * replaced by rename(2) of a fresh symlink over it (atomic on POSIX). A kill at any moment leaves
 * `current` pointing at a complete folder. The last KEEP_PUBLISHED folders are kept. Folder names
 * are read and made here only: everyone else asks serving() and keptDirs().
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeCompressed } from '../precompress.js';
import type { PublishedSite, PublishTarget, SiteFile } from './target.js';

/** How many published folders stay on disk (PUB-1). */
export const KEEP_PUBLISHED = 5;
/** Name of the symlink that points at the serving folder. */
export const CURRENT_LINK = 'current';
/** Published folder names, `{revision}-{time in ms}`. */
const PUBLISHED_RE = /^(\d+)-(\d+)$/;
const BUILDING_RE = /^\.building-(\d+)-/;

/**
 * Brotli quality of files made once per property (pages). Measured on a 17 KB property page:
 * quality 11 takes ~140 ms (70 s of CPU for 500 properties, against the 5 s budget of PERF-4) for
 * a body ~10 % smaller than quality 5, which takes ~2 ms.
 */
const BROTLI_PAGE_QUALITY = 5;
/** Brotli quality of files made once per publish (data script, sitemap, robots.txt): ~50 ms for 0.5 MB. */
const BROTLI_SINGLE_QUALITY = 9;

/** The file a URL is published as: '/' → index.html, '/stay/x' → stay/x.html, '/404' → 404.html. */
export function fileForUrl(url: string): string {
  if (url === '/') return 'index.html';
  return `${decodeURIComponent(url.slice(1))}.html`;
}

/** True while process `pid` exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The folder `current` points at, or undefined. */
export function readCurrent(siteDir: string): string | undefined {
  try {
    return path.resolve(siteDir, fs.readlinkSync(path.join(siteDir, CURRENT_LINK)));
  } catch {
    return undefined;
  }
}

/** The published site a folder holds, by its name; undefined for any other name. */
function siteOfFolder(dir: string): PublishedSite | undefined {
  const m = PUBLISHED_RE.exec(path.basename(dir));
  if (!m) return undefined;
  return { revision: Number(m[1]), publishedAt: new Date(Number(m[2])).toISOString() };
}

/** The folder target: also tells the page server which folders to serve from. */
export interface FolderTarget extends PublishTarget {
  readonly kind: 'folder';
  /** The folder serving now with its site, read from disk (another process may have swapped it). */
  serving(): (PublishedSite & { dir: string }) | undefined;
  /** Every published folder kept on disk but the serving one, newest first. */
  keptDirs(): string[];
}

/** A folder target on `siteDir` (DATA_DIR/site). */
export function createFolderTarget(siteDir: string): FolderTarget {
  const folderName = (site: PublishedSite) => `${site.revision}-${Date.parse(site.publishedAt)}`;
  const buildingOf = (site: PublishedSite) =>
    path.join(siteDir, `.building-${process.pid}-${folderName(site)}`);
  let committed: string | undefined;

  const published = () =>
    fs
      .readdirSync(siteDir)
      .filter((n) => PUBLISHED_RE.test(n))
      .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]));

  const serving = () => {
    const dir = readCurrent(siteDir);
    const site = dir === undefined ? undefined : siteOfFolder(dir);
    return dir === undefined || site === undefined ? undefined : { ...site, dir };
  };

  return {
    kind: 'folder',
    async write(site: PublishedSite, files: SiteFile[]): Promise<number> {
      const building = buildingOf(site);
      await fs.promises.mkdir(building, { recursive: true });
      let written = 0;
      let next = 0;
      const rendered = files.filter((f) => Buffer.isBuffer(f.body));
      // Four at a time: compression runs on libuv's thread pool (four threads by default).
      await Promise.all(
        Array.from({ length: Math.min(4, rendered.length) }, async () => {
          while (next < rendered.length) {
            const file = rendered[next++]!;
            const html = file.contentType.startsWith('text/html');
            await writeCompressed(
              path.join(building, html ? fileForUrl(file.urlPath) : file.urlPath.slice(1)),
              file.body as Buffer,
              html ? BROTLI_PAGE_QUALITY : BROTLI_SINGLE_QUALITY,
            );
            written++;
          }
        }),
      );
      return written;
    },
    async commit(site: PublishedSite): Promise<void> {
      const name = folderName(site);
      const finalDir = path.join(siteDir, name);
      await fs.promises.rename(buildingOf(site), finalDir);
      const tmpLink = path.join(siteDir, `${CURRENT_LINK}.tmp-${process.pid}`);
      await fs.promises.rm(tmpLink, { force: true });
      await fs.promises.symlink(name, tmpLink);
      await fs.promises.rename(tmpLink, path.join(siteDir, CURRENT_LINK));
      fsyncDir(siteDir);
      committed = finalDir;
    },
    current: async () => {
      const now = serving();
      return now && { revision: now.revision, publishedAt: now.publishedAt };
    },
    serving,
    keptDirs() {
      const current = readCurrent(siteDir);
      return published()
        .map((n) => path.join(siteDir, n))
        .filter((dir) => dir !== current);
    },
    /**
     * Removes published folders beyond the newest KEEP_PUBLISHED (never the serving one), and
     * leftovers of publishes killed or failed: building folders and temporary links of processes
     * gone, and this process's building folders (publishes are serialised, so none is running).
     */
    async prune(): Promise<number> {
      let removed = 0;
      const remove = (name: string) => {
        fs.rmSync(path.join(siteDir, name), { recursive: true, force: true });
        removed++;
      };
      for (const name of fs.readdirSync(siteDir)) {
        const m = BUILDING_RE.exec(name);
        if (m && (Number(m[1]) === process.pid || !isAlive(Number(m[1])))) remove(name);
        if (name.startsWith(`${CURRENT_LINK}.tmp-`) && !isAlive(Number(name.split('-').pop())))
          remove(name);
      }
      const keep = committed ?? readCurrent(siteDir);
      for (const name of published().slice(KEEP_PUBLISHED)) {
        if (path.join(siteDir, name) !== keep) remove(name);
      }
      return removed;
    },
  };
}
