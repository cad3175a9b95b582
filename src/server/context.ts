/**
 * What every server module is handed: configuration, the database, where files live, and the
 * publisher. Built once by buildApp (app.ts). The publisher's interface is declared here, and
 * implemented by publish/publisher.ts, so that this file imports no module that imports it.
 */
import path from 'node:path';
import type { Config } from './config.js';
import type { PublishedSite } from './publish/target.js';
import type { Db } from './store/db.js';
import type { BackupStatusAnswer } from '../shared/api-types.js';
import type { Clock } from '../shared/instants.js';

/** Folders under DATA_DIR. */
export interface DataPaths {
  root: string;
  /** Raw uploads as received: private, never served. */
  originals: string;
  /** Normalised photos ({name}) and variants (v/{stem}-{width}.{format}), served at /imported-images. */
  images: string;
  /** Published sites: the folder target's (publish/folder-target.ts) folders and pointer. */
  site: string;
}

export function dataPaths(dataDir: string): DataPaths {
  return {
    root: dataDir,
    originals: path.join(dataDir, 'originals'),
    images: path.join(dataDir, 'images'),
    site: path.join(dataDir, 'site'),
  };
}

export interface AppContext {
  config: Config;
  db: Db;
  paths: DataPaths;
  publisher: Publisher;
  /** The clock (TIME-3) every service, job and route reads the time from: buildApp's. */
  clock: Clock;
  /** The copy off the machine's state (BACKUP-4), present when BACKUP_TARGET is set. */
  backup?: { status(): BackupStatusAnswer };
}

/** What one publish made. `ms` is its duration in milliseconds. */
export interface PublishResult {
  revision: number;
  /** HTML pages rendered. */
  pages: number;
  ms: number;
  /** Absolute path of the folder now serving. */
  dir: string;
  /** Per target, bucket first: files stored (unchanged ones not counted) and files or folders pruned. */
  targets: { kind: 'folder' | 'bucket'; written: number; pruned: number }[];
  /** Why a target could not prune (the site is live; the next publish prunes again). */
  pruneErrors?: string[];
}

/** The published site and the folder holding it, as this server serves it. */
interface ServedSite extends PublishedSite {
  dir: string;
}

export interface Publisher {
  /**
   * Publishes the latest stored revision, or `revision` (the start re-renders the published one,
   * UPGRADE-1), to every target. Concurrent calls are serialised. Throws when nothing (or no such
   * revision) is stored, the build is missing or a target fails (CDN-5).
   */
  publish(opts?: { revision?: number }): Promise<PublishResult>;
  /** What the local folder serves now (read from disk: another process may publish), or undefined before the first publish. */
  serving(): ServedSite | undefined;
  /** Absolute path of the folder serving now, or undefined before the first publish. */
  currentDir(): string | undefined;
  /**
   * Why `site` must be rendered again (UPGRADE-1): 'build' when another build rendered it than the
   * one on disk now, 'settings' when other site settings did; undefined when neither (or no
   * build is on disk).
   */
  staleness(site: PublishedSite | undefined): 'build' | 'settings' | undefined;
  /**
   * The folder pages are served from: currentDir(), except before the start has settled (see
   * settle()) a folder that staleness() names, which is undefined then (pages answer 503).
   */
  servableDir(): string | undefined;
  /** Called once the start has re-rendered what needed it (or could not): servableDir() is then currentDir(). Any publish settles too. */
  settle(): void;
  /** The folder of the files kept by age (UPGRADE-3): hashed assets and data scripts under their URL paths. */
  filesDir(): string;
  /** The other published folders still kept, newest first (their data scripts stay served). */
  keptDirs(): string[];
  /**
   * Every file of the published folder `dir` (one servableDir() or keptDirs() named) by the URL
   * path that serves it; the folder target owns the names (HTML-5).
   */
  publishedFiles(dir: string): { urlPath: string; file: string }[];
  /**
   * The page published at `urlPath` ('/404') in the folder serving now, read through the folder
   * target and kept in memory until the next swap; undefined when none (HTML-5).
   */
  page(urlPath: string): Promise<Buffer | undefined>;
  /** The bucket's published site, present when PUBLISH_TARGET names one (CDN-1). Rejects when the bucket cannot be read. */
  bucket?: { current(): Promise<PublishedSite | undefined> };
  /** Calls `listener` with the new folder after every swap made by this process. */
  onSwap(listener: (dir: string) => void): void;
}
