/**
 * Publish targets (decision 011, CDN-1): where a rendered site is stored. The publisher
 * (publisher.ts) renders once (render.ts) and hands the same files to each target:
 * - `folder-target.ts`: DATA_DIR/site, the folder this server serves (always; PUB-1..PUB-3);
 * - `s3-target.ts`: an S3-compatible bucket a CDN serves (when PUBLISH_TARGET names one).
 * A target is told the files in two calls, the files pages name first (CDN-4), then commits.
 */
import { DAY_MS } from '../../shared/instants.js';

/**
 * What a publish put online: the catalogue revision, the ISO time of the publish, and what
 * rendered it (UPGRADE-1): the build's identity (client-build.ts buildIdentity) and the site
 * settings' (site-settings.ts settingsIdentity). Both are absent from what an older version
 * published, which therefore counts as rendered by another build.
 */
export interface PublishedSite {
  revision: number;
  /** ISO 8601 time of the publish. */
  publishedAt: string;
  build?: string;
  settings?: string;
}

/** One file of a published site, addressed by the URL path that serves it. */
export interface SiteFile {
  /**
   * The URL path, with its leading slash: '/', '/stay/{id}', '/404', '/sitemap.xml',
   * '/site-data.{hash}.js', '/assets/x.js', '/hero/hero0.jpg', '/imported-images/v/ab-480.avif'.
   */
  urlPath: string;
  /** The bytes, or the file on this disk that holds them (the client build, photos). */
  body: Buffer | { file: string };
  /** Content-Type a host sends with it (pages: `text/html; charset=utf-8`). */
  contentType: string;
  /** Cache-Control a CDN is told to send with it (CDN-3). */
  cacheControl: string;
  /**
   * Pages only: the Content-Security-Policy to send with it, allowing the loader it carries
   * (UPGRADE-2; client-build.ts pagePolicy). A bucket stores it as the object's metadata
   * `x-amz-meta-content-security-policy`, which the CDN sends as the header.
   */
  contentSecurityPolicy?: string;
  /**
   * True when the bytes under this path never change: content-hashed names (assets, the data
   * script) and photos (unique names, IMG-4). A stored copy of such a file need not be read again.
   */
  stableName: boolean;
}

/** Where sites are published. Calls are serialised by the publisher (one publish at a time). */
export interface PublishTarget {
  /** 'folder' or 'bucket': names the target in results and logs, never a path or a secret. */
  readonly kind: 'folder' | 'bucket';
  /**
   * Stores `files` for the publish `site`. Called twice per publish: the files pages name
   * (assets, photos, the data script), then the pages. Resolves to how many files it stored
   * (a file already stored unchanged is not counted). Throws on any failure; the site served
   * before stays whole (CDN-5).
   */
  write(site: PublishedSite, files: SiteFile[]): Promise<number>;
  /** Makes `site` the one current() names. Throws on failure, leaving the previous one current. */
  commit(site: PublishedSite): Promise<void>;
  /** The site served now, undefined before the first publish. Rejects when it cannot be read. */
  current(): Promise<PublishedSite | undefined>;
  /**
   * The bytes of the page published at `urlPath` ('/', '/stay/{id}', '/404') in the site served
   * now, undefined when there is none (HTML-5). The target owns the names its files are stored
   * under, for reading as for writing; a page read is kept in memory until the next publish.
   * Rejects when the target cannot be read.
   */
  read(urlPath: string): Promise<Buffer | undefined>;
  /**
   * Removes what no page published in the last RETAIN_MS names, nor the current publish, bounded
   * per call (CDN-6, UPGRADE-3); resolves to how many files or folders it removed. `now` is the
   * time in ms, the app's clock (TIME-3).
   */
  prune(now: number): Promise<number>;
}

/**
 * How long what a publish's pages name stays stored after that publish (UPGRADE-3): 24 hours, so
 * a page still open in a browser, or kept by a CDN's cache, finds its scripts, its data script and
 * its styles after any number of later publishes and upgrades.
 */
export const RETAIN_MS = DAY_MS;

/**
 * Whether the file at `urlPath` is one whose name changes with its bytes and which pages name, kept by age
 * (UPGRADE-3): the client build's hashed assets and the data script. Photos are kept as long as a
 * stored revision names them (IMG-4), hero images and the favicon keep their names.
 */
export function retainedByAge(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || /^\/site-data\.[0-9a-f]{12}\.js$/.test(urlPath);
}
