/**
 * The local folder target (PUB-1, PUB-2; decision 011): DATA_DIR/site/{revision}-{time}/, the
 * folder this server serves (publish/page-routes.ts), swapped in atomically. Only the files rendered for
 * this publish (pages, sitemap, robots.txt, the data script) are written, each with .br and .gz
 * twins; the client build and the photos are served from where they lie (dist/client,
 * DATA_DIR/images), so files given by path are skipped.
 *
 * Crash safety: the folder is built under a hidden temporary name, every file is written with
 * `flush` (fsync), the folder is renamed to its final name, and only then is the `current` symlink
 * replaced by rename(2) of a fresh symlink over it (atomic on POSIX). A kill at any moment leaves
 * `current` pointing at a complete folder. The last KEEP_PUBLISHED folders are kept. Folder names
 * are read and made here only: everyone else asks serving() and keptDirs().
 *
 * What pages name by a hashed name (UPGRADE-3: the client build's assets, the data script) is also
 * kept in DATA_DIR/site/files/, under its URL path, with its twins: the page server serves them
 * from there, so a page rendered by an earlier build keeps finding its scripts after `npm run
 * build` empties dist/client. Each publish writes its record DATA_DIR/site/ledger/{folder}.json:
 * what rendered it (UPGRADE-1) and every such file its pages name; a file stays until no record
 * of the last RETAIN_MS (24 h), nor the current one, names it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeCompressed } from '../precompress.js';
import {
  RETAIN_MS,
  retainedByAge,
  type PublishedSite,
  type PublishTarget,
  type SiteFile,
} from './target.js';

/** How many published folders stay on disk (PUB-1). */
export const KEEP_PUBLISHED = 5;
/** Name of the symlink that points at the serving folder. */
export const CURRENT_LINK = 'current';
/** Published folder names, `{revision}-{time in ms}`. */
const PUBLISHED_RE = /^(\d+)-(\d+)$/;
const BUILDING_RE = /^\.building-(\d+)-/;
/** The shared folder of files kept by age, and the folder of publish records. */
const FILES_DIR = 'files';
const LEDGER_DIR = 'ledger';

/** A publish's record in DATA_DIR/site/ledger/ (UPGRADE-1, UPGRADE-3). */
interface LedgerEntry {
  publishedAt: string;
  build?: string;
  settings?: string;
  /** URL paths of the files kept by age that its pages name. */
  named: string[];
}

/**
 * Brotli quality of files made once per property (pages). Measured on a 17 KB property page:
 * quality 11 takes ~140 ms (70 s of CPU for 500 properties, against the 5 s budget of PERF-4) for
 * a body ~10 % smaller than quality 5, which takes ~2 ms.
 */
const BROTLI_PAGE_QUALITY = 5;
/**
 * Brotli quality of the home page, the one page whose size grows with the catalogue (it links
 * every property, PERF-7): made once per publish, ~350 ms at 50 properties for 12.7 KB against
 * quality 5's 14.0 KB, which keeps it inside the first round trip (PERF-6).
 */
const BROTLI_HOME_QUALITY = 11;
/** Brotli quality of files made once per publish (data script, sitemap, robots.txt): ~50 ms for 0.5 MB. */
const BROTLI_SINGLE_QUALITY = 9;

/** The file a URL is published as: '/' → index.html, '/stay/x' → stay/x.html, '/404' → 404.html. */
export function fileForUrl(url: string): string {
  if (url === '/') return 'index.html';
  return `${decodeURIComponent(url.slice(1))}.html`;
}

/**
 * The URL path a file of a published folder serves, `rel` its path in the folder: fileForUrl's
 * inverse ('index.html' → '/', 'stay/x.html' → '/stay/x', '404.html' → '/404'); any other file
 * (sitemap, robots.txt, the data script) under its own path.
 */
function urlForFile(rel: string): string {
  const url = `/${rel.split(path.sep).join('/')}`;
  if (url === '/index.html') return '/';
  return url.endsWith('.html') ? url.slice(0, -'.html'.length) : url;
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
  /**
   * The folder serving now with its site and what rendered it, read from disk (another process
   * may have swapped it).
   */
  serving(): (PublishedSite & { dir: string }) | undefined;
  /** The folder of files kept by age (UPGRADE-3), served under their URL paths. */
  readonly filesDir: string;
  /** Every published folder kept on disk but the serving one, newest first. */
  keptDirs(): string[];
  /**
   * Every file of the published folder `dir` (not the `.br`/`.gz` twins, which lie beside it) by
   * the URL path that serves it (HTML-5): the page server loads the site through this.
   */
  filesOf(dir: string): { urlPath: string; file: string }[];
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

  const filesDir = path.join(siteDir, FILES_DIR);
  const ledgerDir = path.join(siteDir, LEDGER_DIR);
  const ledgerFile = (name: string) => path.join(ledgerDir, `${name}.json`);
  /** Records read, by folder name: a record never changes once its folder is committed. */
  const records = new Map<string, LedgerEntry>();
  const readLedger = (name: string): LedgerEntry | undefined => {
    const known = records.get(name);
    if (known) return known;
    try {
      const entry = JSON.parse(fs.readFileSync(ledgerFile(name), 'utf8')) as LedgerEntry;
      if (records.size > KEEP_PUBLISHED * 4) records.clear();
      records.set(name, entry);
      return entry;
    } catch {
      return undefined;
    }
  };
  /** Pages read (HTML-5), for the serving folder `dir` only: a swap starts afresh. */
  let reads: { dir: string; pages: Map<string, Buffer | undefined> } | undefined;

  /** The retained files the publish being written names, by URL path. */
  let named = new Set<string>();
  let namedFor: string | undefined;

  const serving = () => {
    const dir = readCurrent(siteDir);
    const site = dir === undefined ? undefined : siteOfFolder(dir);
    if (dir === undefined || site === undefined) return undefined;
    const entry = readLedger(path.basename(dir));
    return {
      ...site,
      ...(entry?.build ? { build: entry.build } : {}),
      ...(entry?.settings ? { settings: entry.settings } : {}),
      dir,
    };
  };

  /**
   * Stores `file` under files/ unless it is there: the bytes and their twins under temporary
   * names first, renamed into place twins first, so a name present is always complete.
   */
  async function keep(file: SiteFile): Promise<string> {
    const target = path.join(filesDir, file.urlPath.slice(1));
    if (fs.existsSync(target)) return target;
    const tmp = `${target}.tmp-${process.pid}`;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if (Buffer.isBuffer(file.body)) {
      await writeCompressed(tmp, file.body, BROTLI_SINGLE_QUALITY);
    } else {
      const source = file.body.file;
      await fs.promises.copyFile(source, tmp);
      for (const twin of ['.br', '.gz'])
        if (fs.existsSync(source + twin)) await fs.promises.copyFile(source + twin, tmp + twin);
    }
    for (const twin of ['.br', '.gz'])
      if (fs.existsSync(tmp + twin)) await fs.promises.rename(tmp + twin, target + twin);
    await fs.promises.rename(tmp, target);
    return target;
  }

  return {
    kind: 'folder',
    async write(site: PublishedSite, files: SiteFile[]): Promise<number> {
      const building = buildingOf(site);
      await fs.promises.mkdir(building, { recursive: true });
      if (namedFor !== site.publishedAt) {
        named = new Set();
        namedFor = site.publishedAt;
      }
      let written = 0;
      for (const file of files.filter((f) => retainedByAge(f.urlPath))) {
        const kept = await keep(file);
        named.add(file.urlPath);
        // The data script is also the folder's own (a hard link, no second copy), so a folder
        // is complete by itself.
        if (Buffer.isBuffer(file.body)) {
          const own = path.join(building, file.urlPath.slice(1));
          for (const twin of ['', '.br', '.gz']) await fs.promises.link(kept + twin, own + twin);
          written++;
        }
      }
      let next = 0;
      const rendered = files.filter((f) => Buffer.isBuffer(f.body) && !retainedByAge(f.urlPath));
      // Four at a time: compression runs on libuv's thread pool (four threads by default).
      await Promise.all(
        Array.from({ length: Math.min(4, rendered.length) }, async () => {
          while (next < rendered.length) {
            const file = rendered[next++]!;
            const html = file.contentType.startsWith('text/html');
            await writeCompressed(
              path.join(building, html ? fileForUrl(file.urlPath) : file.urlPath.slice(1)),
              file.body as Buffer,
              file.urlPath === '/'
                ? BROTLI_HOME_QUALITY
                : html
                  ? BROTLI_PAGE_QUALITY
                  : BROTLI_SINGLE_QUALITY,
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
      const entry: LedgerEntry = {
        publishedAt: site.publishedAt,
        ...(site.build ? { build: site.build } : {}),
        ...(site.settings ? { settings: site.settings } : {}),
        named: namedFor === site.publishedAt ? [...named].sort() : [],
      };
      await fs.promises.mkdir(ledgerDir, { recursive: true });
      await fs.promises.writeFile(ledgerFile(name), JSON.stringify(entry), { flush: true });
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
      if (!now) return undefined;
      const { dir: _dir, ...site } = now;
      return site;
    },
    async read(urlPath: string): Promise<Buffer | undefined> {
      const dir = readCurrent(siteDir);
      if (dir === undefined) return undefined;
      if (reads?.dir !== dir) reads = { dir, pages: new Map() };
      if (reads.pages.has(urlPath)) return reads.pages.get(urlPath);
      const file = path.resolve(dir, fileForUrl(urlPath));
      let page: Buffer | undefined;
      if (file.startsWith(dir + path.sep)) {
        try {
          page = await fs.promises.readFile(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      reads.pages.set(urlPath, page);
      return page;
    },
    serving,
    filesDir,
    filesOf(dir: string) {
      const files: { urlPath: string; file: string }[] = [];
      for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (rel.endsWith('.gz') || rel.endsWith('.br')) continue;
        const file = path.join(dir, rel);
        if (fs.statSync(file).isFile()) files.push({ urlPath: urlForFile(rel), file });
      }
      return files;
    },
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
     * Then removes the records older than RETAIN_MS but the serving one's, and every kept file
     * (UPGRADE-3) that no remaining record names.
     */
    async prune(now: number): Promise<number> {
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

      const needed = new Set<string>();
      const listed = fs.existsSync(ledgerDir) ? fs.readdirSync(ledgerDir) : [];
      for (const record of listed) {
        const name = record.replace(/\.json$/, '');
        const entry = readLedger(name);
        const serving = keep !== undefined && path.basename(keep) === name;
        if (!serving && (!entry || Date.parse(entry.publishedAt) < now - RETAIN_MS)) {
          fs.rmSync(path.join(ledgerDir, record), { force: true });
          continue;
        }
        for (const urlPath of entry?.named ?? []) needed.add(urlPath);
      }
      if (!fs.existsSync(filesDir)) return removed;
      for (const rel of fs.readdirSync(filesDir, { recursive: true, encoding: 'utf8' })) {
        const full = path.join(filesDir, rel);
        // What a publish killed while keeping a file left (the file or a twin, under its temporary name).
        if (/\.tmp-\d+(\.br|\.gz)?$/.test(rel)) {
          fs.rmSync(full, { force: true });
          removed++;
          continue;
        }
        if (/\.(br|gz)$/.test(rel) || !fs.statSync(full).isFile()) continue;
        const urlPath = `/${rel.split(path.sep).join('/')}`;
        if (needed.has(urlPath)) continue;
        for (const twin of ['', '.br', '.gz']) fs.rmSync(full + twin, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
