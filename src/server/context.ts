/**
 * What every server module is handed: configuration, the database, where files live, and the
 * publisher. Built once by buildApp (app.ts). The publisher's interface is declared here, and
 * implemented by publish/publisher.ts, so that this file imports no module that imports it.
 */
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './store/db.js';

/** Folders under DATA_DIR. */
export interface DataPaths {
  root: string;
  /** Raw uploads as received: private, never served. */
  originals: string;
  /** Normalised photos ({name}) and variants (v/{stem}-{width}.{format}), served at /imported-images. */
  images: string;
  /** Published sites: site/{revision}-{time}/ and the `current` pointer. */
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
}

/** What one publish made. `ms` is its duration in milliseconds. */
export interface PublishResult {
  revision: number;
  pages: number;
  ms: number;
  /** Absolute path of the folder now serving. */
  dir: string;
}

export interface Publisher {
  /** Publishes the latest stored revision. Concurrent calls are serialised. Throws when nothing is stored or the build is missing. */
  publish(): Promise<PublishResult>;
  /** Absolute path of the folder serving now, or undefined before the first publish. */
  currentDir(): string | undefined;
  /** Calls `listener` with the new folder after every swap made by this process. */
  onSwap(listener: (dir: string) => void): void;
}
