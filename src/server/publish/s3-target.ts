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
 * - prune deletes, after a commit, the keys under the prefix that neither this publish nor the one
 *   before needs, at most MAX_DELETES_PER_PUBLISH per publish (CDN-6): the prefix belongs to the
 *   site. A page a visitor loaded just before a publish still finds its data script.
 * Credentials are handed to the SDK only; no error or result names them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BucketConfig } from '../config.js';
import type { PublishedSite, PublishTarget, SiteFile } from './target.js';

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
}

/** The manifest object: the publish it describes, its objects, and the keys of the one before. */
interface Manifest extends PublishedSite {
  objects: Record<string, ObjectRecord>;
  previous: string[];
}

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

/** An S3 client for `config`: path-style when asked, checksums only where the API requires them. */
export function s3Client(config: BucketConfig): S3Client {
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
  const client = s3Client(config);
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

  async function readManifest(): Promise<Manifest | undefined> {
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
    const keys = new Map<string, string>();
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
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
      known !== undefined && known.type === file.contentType && known.cache === file.cacheControl;
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
    const record = { md5, type: file.contentType, cache: file.cacheControl };
    if (etagAgrees && sameHeaders && known.md5 === md5) {
      state.objects[key] = record;
      return false;
    }
    await new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType: file.contentType,
        CacheControl: file.cacheControl,
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
      const manifest: Manifest = {
        revision: site.revision,
        publishedAt: site.publishedAt,
        objects: pending.objects,
        previous: Object.keys(pending.before?.objects ?? {}),
      };
      await client.send(
        new PutObjectCommand({
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
      return manifest && { revision: manifest.revision, publishedAt: manifest.publishedAt };
    },
    async prune(): Promise<number> {
      const manifest = committed ?? (await readManifest());
      if (!manifest) return 0;
      const needed = new Set([...Object.keys(manifest.objects), ...manifest.previous, manifestKey]);
      const stale = [...(await list()).keys()].filter((k) => !needed.has(k)).slice(0, maxDeletes);
      for (let i = 0; i < stale.length; i += 1000) {
        const batch = stale.slice(i, i + 1000);
        const answer = await client.send(
          new DeleteObjectsCommand({
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
