/**
 * The bucket target (decision 011, CDN-1..CDN-6): a complete static site in an S3-compatible
 * bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO), for a CDN to serve while the server is
 * away, published as `hugo deploy` does:
 * - keys are URL paths under the prefix (CDN-2): '/' is `{prefix}index.html`, '/404' is
 *   `{prefix}404.html`, every other path its own key without the leading slash (`stay/{id}`);
 * - each object is stored with its Content-Type and Cache-Control (CDN-3) and its identity bytes:
 *   no stored Content-Encoding, since S3 would send it to every client whatever it accepts; the
 *   CDN compresses (decision 011);
 * - only changed objects are uploaded (CDN-4): the manifest object `{prefix}.stays-manifest.json`
 *   records each key's MD5, type and Cache-Control; a key the listing lacks, or whose bytes or
 *   headers differ, is uploaded. A file with a stable name (photos, hashed assets, the data
 *   script) is not even read when its key is listed and recorded;
 * - the publisher writes what pages name first, then the pages; commit writes the manifest, so a
 *   publish that fails halfway leaves every stored page naming stored objects, and the next
 *   publish, finding no record of what the failed one uploaded unchanged, completes it (CDN-5);
 * - a page is stored with the Content-Security-Policy that allows its own loader as metadata
 *   (`x-amz-meta-content-security-policy`), which the CDN sends as the header (UPGRADE-2,
 *   docs/deploy/cdn-nginx.conf): a page the CDN caches from an older build keeps its scripts;
 * - the manifest also records what rendered the publish (UPGRADE-1) and, for every publish of the
 *   last RETAIN_MS (24 h), the keys of the hashed files its pages name (UPGRADE-3);
 * - prune deletes, after a commit, the keys under the prefix that neither this publish nor any
 *   publish of the last 24 hours needs, at most MAX_DELETES_PER_PUBLISH per publish (CDN-6): the
 *   prefix belongs to the site. A page a visitor loaded, or a CDN cached, within the day still
 *   finds its scripts and its data script.
 * - `read` gets a page by its URL path through the same keys (HTML-5), kept in memory while the
 *   manifest's ETag (the publish) stays the same.
 * Credentials are handed to the SDK only; no error or result names them.
 *
 * The AWS SDK is loaded on the first call to the bucket (s3Sdk), so a server with neither
 * PUBLISH_TARGET nor BACKUP_TARGET never holds it (~6 MB of heap, ~30 MB resident, decision 047).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BucketConfig } from '../config.js';
import {
  RETAIN_MS,
  retainedByAge,
  type PublishedSite,
  type PublishTarget,
  type SiteFile,
} from './target.js';

/** The manifest's key under the prefix; a CDN answers 404 for it (docs/deploy/cdn-nginx.conf). */
export const MANIFEST_NAME = '.stays-manifest.json';
/** Most stale objects deleted by one publish; the rest go with the next ones (CDN-6). */
const MAX_DELETES_PER_PUBLISH = 1000;
/** Uploads in flight at once. */
const UPLOAD_CONCURRENCY = 8;

/** What the manifest records of one stored object. */
interface ObjectRecord {
  md5: string;
  type: string;
  cache: string;
  /** A page's Content-Security-Policy metadata (UPGRADE-2). */
  csp?: string;
}

/**
 * The manifest object: the publish it describes, its objects, and the hashed keys (UPGRADE-3)
 * named by each publish of the last RETAIN_MS, newest first. `previous` (every key of the publish
 * before) is what an older version wrote: still honoured by prune once.
 */
interface Manifest extends PublishedSite {
  objects: Record<string, ObjectRecord>;
  retained?: { publishedAt: string; keys: string[] }[];
  previous?: string[];
}

/** The metadata name of a page's Content-Security-Policy, sent by S3 as `x-amz-meta-{name}`. */
const CSP_METADATA = 'content-security-policy';

/** The key of a URL path under `prefix` (CDN-2). */
function keyForPath(prefix: string, urlPath: string): string {
  if (urlPath === '/') return `${prefix}index.html`;
  if (urlPath === '/404') return `${prefix}404.html`;
  return `${prefix}${decodeURIComponent(urlPath.slice(1))}`;
}

/** Options for tests: a smaller cap on deletes. */
export interface BucketTargetOptions {
  maxDeletes?: number;
}

/** The AWS SDK's S3 client module. */
export type S3Sdk = typeof import('@aws-sdk/client-s3');

let sdk: Promise<S3Sdk> | undefined;
/** The AWS SDK's S3 module, imported on first use and kept (a failed import is tried again). */
export function s3Sdk(): Promise<S3Sdk> {
  sdk ??= import('@aws-sdk/client-s3').catch((error: unknown) => {
    sdk = undefined;
    throw error;
  });
  return sdk;
}

/** An S3 client for `config`: path-style when asked, checksums only where the API requires them. */
export async function s3Client(config: BucketConfig): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // R2, B2, MinIO and older S3-compatible stores refuse the SDK's default CRC32 checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

let uploads: Promise<typeof import('@aws-sdk/lib-storage')> | undefined;
/** The SDK's multipart upload, imported with the first object a publish stores. */
function libStorage(): Promise<typeof import('@aws-sdk/lib-storage')> {
  uploads ??= import('@aws-sdk/lib-storage').catch((error: unknown) => {
    uploads = undefined;
    throw error;
  });
  return uploads;
}

/** Runs `task` on every item, at most `limit` at once; rejects with the first failure. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** The bucket target for `config`. */
export function createBucketTarget(
  config: BucketConfig,
  opts: BucketTargetOptions = {},
): PublishTarget {
  let connection: Promise<{ client: S3Client; s3: S3Sdk }> | undefined;
  /** The client and the SDK's commands, made on the first call to the bucket. */
  const connect = () => {
    connection ??= Promise.all([s3Client(config), s3Sdk()]).then(
      ([client, s3]) => ({ client, s3 }),
      (error: unknown) => {
        connection = undefined;
        throw error;
      },
    );
    return connection;
  };
  const { bucket, prefix } = config;
  const manifestKey = `${prefix}${MANIFEST_NAME}`;
  const maxDeletes = opts.maxDeletes ?? MAX_DELETES_PER_PUBLISH;

  /** The publish being written: what is listed and recorded, and what it has stored so far. */
  let pending:
    | {
        site: PublishedSite;
        listed: Map<string, string>;
        before?: Manifest;
        objects: Manifest['objects'];
      }
    | undefined;
  /** The manifest last committed by this process. */
  let committed: Manifest | undefined;
  /** Pages read (HTML-5), for the publish whose manifest has ETag `publish` only. */
  let reads: { publish: string; pages: Map<string, Buffer | undefined> } | undefined;

  async function readManifest(): Promise<Manifest | undefined> {
    const { client, s3 } = await connect();
    const { GetObjectCommand, NoSuchKey } = s3;
    try {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: manifestKey }));
      return JSON.parse(await got.Body!.transformToString()) as Manifest;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  /** Every key under the prefix with its ETag (quotes removed). */
  async function list(): Promise<Map<string, string>> {
    const { client, s3 } = await connect();
    const keys = new Map<string, string>();
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) keys.set(o.Key!, (o.ETag ?? '').replace(/"/g, ''));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async function store(file: SiteFile, state: NonNullable<typeof pending>): Promise<boolean> {
    const key = keyForPath(prefix, file.urlPath);
    const known = state.before?.objects[key];
    const etag = state.listed.get(key);
    const sameHeaders =
      known !== undefined &&
      known.type === file.contentType &&
      known.cache === file.cacheControl &&
      known.csp === file.contentSecurityPolicy;
    if (file.stableName && etag !== undefined && sameHeaders) {
      state.objects[key] = known;
      return false;
    }
    const body = Buffer.isBuffer(file.body)
      ? file.body
      : await fs.promises.readFile(file.body.file);
    const md5 = crypto.createHash('md5').update(body).digest('hex');
    // A multipart ETag ("{hash}-{parts}") is not the MD5: the record vouches for the bytes then.
    const etagAgrees = etag !== undefined && (etag === md5 || etag.includes('-'));
    const csp = file.contentSecurityPolicy;
    const record = {
      md5,
      type: file.contentType,
      cache: file.cacheControl,
      ...(csp ? { csp } : {}),
    };
    if (etagAgrees && sameHeaders && known.md5 === md5) {
      state.objects[key] = record;
      return false;
    }
    const [{ client }, { Upload }] = await Promise.all([connect(), libStorage()]);
    await new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType: file.contentType,
        CacheControl: file.cacheControl,
        ...(csp ? { Metadata: { [CSP_METADATA]: csp } } : {}),
      },
    }).done();
    state.objects[key] = record;
    return true;
  }

  return {
    kind: 'bucket',
    async write(site: PublishedSite, files: SiteFile[]): Promise<number> {
      if (pending?.site.publishedAt !== site.publishedAt) {
        const [listed, before] = await Promise.all([list(), readManifest()]);
        pending = { site, listed, before, objects: {} };
      }
      const state = pending;
      let uploaded = 0;
      await eachLimited(files, UPLOAD_CONCURRENCY, async (file) => {
        if (await store(file, state)) uploaded++;
      });
      return uploaded;
    },
    async commit(site: PublishedSite): Promise<void> {
      if (pending?.site.publishedAt !== site.publishedAt)
        throw new Error('publish: nothing was written to the bucket for this publish');
      const before = pending.before;
      const keys = Object.keys(pending.objects).filter((key) =>
        retainedByAge(`/${key.slice(prefix.length)}`),
      );
      const earlier = before?.retained ?? [];
      if (before?.previous)
        earlier.push({ publishedAt: before.publishedAt, keys: Object.keys(before.objects) });
      const since = Date.parse(site.publishedAt) - RETAIN_MS;
      const manifest: Manifest = {
        revision: site.revision,
        publishedAt: site.publishedAt,
        ...(site.build ? { build: site.build } : {}),
        ...(site.settings ? { settings: site.settings } : {}),
        objects: pending.objects,
        retained: [
          { publishedAt: site.publishedAt, keys },
          ...earlier.filter((entry) => Date.parse(entry.publishedAt) >= since),
        ],
      };
      const { client, s3 } = await connect();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: bucket,
          Key: manifestKey,
          Body: JSON.stringify(manifest),
          ContentType: 'application/json',
          CacheControl: 'no-store',
        }),
      );
      committed = manifest;
      pending = undefined;
    },
    async current(): Promise<PublishedSite | undefined> {
      const manifest = await readManifest();
      if (!manifest) return undefined;
      const { revision, publishedAt, build, settings } = manifest;
      return {
        revision,
        publishedAt,
        ...(build ? { build } : {}),
        ...(settings ? { settings } : {}),
      };
    },
    async read(urlPath: string): Promise<Buffer | undefined> {
      // The manifest is written last by every publish (CDN-5): its ETag names the publish.
      const { client, s3 } = await connect();
      const { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound } = s3;
      let publish: string;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: manifestKey }));
        publish = head.ETag ?? '';
      } catch (error) {
        if (error instanceof NotFound || error instanceof NoSuchKey) return undefined;
        throw error;
      }
      if (reads?.publish !== publish) reads = { publish, pages: new Map() };
      if (reads.pages.has(urlPath)) return reads.pages.get(urlPath);
      let page: Buffer | undefined;
      try {
        const got = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyForPath(prefix, urlPath) }),
        );
        page = Buffer.from(await got.Body!.transformToByteArray());
      } catch (error) {
        if (!(error instanceof NoSuchKey)) throw error;
      }
      reads.pages.set(urlPath, page);
      return page;
    },
    async prune(now: number): Promise<number> {
      const manifest = committed ?? (await readManifest());
      if (!manifest) return 0;
      const needed = new Set([
        ...Object.keys(manifest.objects),
        ...(manifest.previous ?? []),
        manifestKey,
      ]);
      for (const entry of manifest.retained ?? [])
        if (Date.parse(entry.publishedAt) >= now - RETAIN_MS)
          for (const key of entry.keys) needed.add(key);
      const stale = [...(await list()).keys()].filter((k) => !needed.has(k)).slice(0, maxDeletes);
      const { client, s3 } = await connect();
      for (let i = 0; i < stale.length; i += 1000) {
        const batch = stale.slice(i, i + 1000);
        const answer = await client.send(
          new s3.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (answer.Errors?.length)
          throw new Error(`publish: the bucket refused to delete ${answer.Errors.length} objects`);
      }
      return stale.length;
    },
  };
}
