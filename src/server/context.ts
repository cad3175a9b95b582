/**
 * What every server module is handed: configuration, the database, where files live, and the
 * publisher. Built once by buildApp (app.ts).
 */
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './store/db.js';
import type { Publisher } from './publish/publisher.js';

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
