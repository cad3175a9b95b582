/**
 * Publish targets (decision 011, CDN-1): where a rendered site is stored. The publisher
 * (publisher.ts) renders once (render.ts) and hands the same files to each target:
 * - `folder-target.ts`: DATA_DIR/site, the folder this server serves (always; PUB-1..PUB-3);
 * - `s3-target.ts`: an S3-compatible bucket a CDN serves (when PUBLISH_TARGET names one).
 * A target is told the files in two calls, the files pages name first (CDN-4), then commits.
 */

/** What a publish put online: the catalogue revision and the ISO time of the publish. */
export interface PublishedSite {
  revision: number;
  /** ISO 8601 time of the publish, the global data object's `publishedAt`. */
  publishedAt: string;
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
   * Removes what neither the current nor the previous publish needs, bounded per call (CDN-6);
   * resolves to how many files or folders it removed.
   */
  prune(): Promise<number>;
}
