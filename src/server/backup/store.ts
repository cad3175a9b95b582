/**
 * The copy's objects in the bucket (BACKUP-1, BACKUP-2, BACKUP-5), every one sealed (seal.ts) and
 * bound to its name and the generation that sealed it:
 * - `{prefix}manifest.bin`: the BucketManifest, written last by each copy: every object it relies
 *   on with its generation and the SHA-256 of its sealed bytes, and the numbering record (GST-13);
 * - `{prefix}db/{generation}.bin`: a gzipped snapshot of the database, one per kept copy;
 * - `{prefix}photos/{name}.bin`: a photo's original upload (the rest is rebuilt from it).
 * All S3 calls of the copy are here; the client is the publish target's (s3Client, decision 011),
 * made on the first call, with the AWS SDK loaded then (s3Sdk, decision 047).
 */
import crypto from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BackupConfig } from '../config.js';
import { s3Client, s3Sdk, type S3Sdk } from '../publish/s3-target.js';
import { BackupError } from './backup-error.js';
import { seal, unseal, unsealFormat1 } from './seal.js';
import type { NumberingRecord } from '../gst/continuity.js';
import { HOUR_MS } from '../../shared/instants.js';

/** A sealed object as the manifest records it (BACKUP-5). */
export interface SealedRecord {
  /** The generation that sealed it (bound in its additional data). */
  generation: number;
  /** SHA-256 of the sealed bytes, hex. */
  sha256: string;
}

/** One kept database copy. */
export interface CopyRecord extends SealedRecord {
  /** ms since the epoch the snapshot was taken. */
  at: number;
}

/** One stored photo original. */
interface PhotoRecord extends SealedRecord {
  name: string;
}

/** What the manifest says: whose copies these are, the newest generation, what is kept. */
export interface BucketManifest {
  format: 'stays-copy';
  version: 2;
  /** A random id given when a server first copies a database; restores carry it on. */
  lineage: string;
  /** The newest copy's generation: one more with each copy, never reused (BACKUP-2). */
  generation: number;
  /** Kept copies, oldest first; the last is the latest. */
  copies: CopyRecord[];
  /** Stored photo originals, by name. */
  photos: PhotoRecord[];
  /** The highest document numbers ever issued and the recent ones (GST-13). */
  numbering: NumberingRecord;
}

/** What a manifest of copy format 1 (before BACKUP-5) said, for the upgrade (decision 040). */
export interface Format1Manifest {
  lineage: string;
  generation: number;
  copies: { generation: number; at: number }[];
}

const MANIFEST = 'manifest.bin';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The sealed objects under the target's prefix. */
export class BackupStore {
  /** The client and the SDK's commands, made on the first call to the bucket. */
  private connection: Promise<{ client: S3Client; s3: S3Sdk }> | undefined;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(private readonly config: BackupConfig) {
    this.bucket = config.bucket.bucket;
    this.prefix = config.bucket.prefix;
  }

  /** The client and the SDK, made once (a failed import is tried again on the next call). */
  private connect(): Promise<{ client: S3Client; s3: S3Sdk }> {
    this.connection ??= Promise.all([s3Client(this.config.bucket), s3Sdk()]).then(
      ([client, s3]) => ({ client, s3 }),
      (error: unknown) => {
        this.connection = undefined;
        throw error;
      },
    );
    return this.connection;
  }

  /** A database copy's name under the prefix: `db/000000000068.bin`. */
  dbName(generation: number): string {
    return `db/${String(generation).padStart(12, '0')}.bin`;
  }

  /** A photo original's name under the prefix. */
  photoName(name: string): string {
    return `photos/${name}.bin`;
  }

  dbKey(generation: number): string {
    return this.prefix + this.dbName(generation);
  }

  private async fetch(name: string): Promise<Buffer | undefined> {
    const { client, s3 } = await this.connect();
    try {
      const got = await client.send(
        new s3.GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }),
      );
      return Buffer.from(await got.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof s3.NoSuchKey) return undefined;
      throw error;
    }
  }

  /**
   * The object `name` (under the prefix) unsealed, or undefined when absent. Throws BackupError
   * naming `what` when it was sealed with another key or by format 1, is damaged, was sealed under
   * another name or by another generation than `record` says, or its SHA-256 is not `record`'s.
   */
  async get(name: string, what: string, record: SealedRecord): Promise<Buffer | undefined> {
    const sealed = await this.fetch(name);
    if (!sealed) return undefined;
    const { plain } = unseal(this.config.key, sealed, what, {
      name,
      generation: record.generation,
    });
    if (sha256(sealed) !== record.sha256) {
      throw new BackupError(
        `${what} is refused: its bytes are not those the manifest records (SHA-256), another sealing of ${name} was put back; nothing was written.`,
      );
    }
    return plain;
  }

  /** Seals `plain` as `name` (under the prefix) of `generation` and stores it; resolves to its record and the bytes sent. */
  async put(
    name: string,
    plain: Buffer,
    generation: number,
  ): Promise<SealedRecord & { bytes: number }> {
    const body = seal(this.config.key, plain, { name, generation });
    const { client, s3 } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + name,
        Body: body,
        ContentType: 'application/octet-stream',
      }),
    );
    return { generation, sha256: sha256(body), bytes: body.length };
  }

  /**
   * The manifest, undefined when there is none, or `{ format1 }` when it was sealed by copy format 1
   * (the server upgrades it, decision 040). Throws as readManifest.
   */
  async readManifestOrFormat1(): Promise<
    BucketManifest | { format1: Format1Manifest } | undefined
  > {
    const sealed = await this.fetch(MANIFEST);
    if (!sealed) return undefined;
    const format1 = unsealFormat1(this.config.key, sealed, 'The copy manifest');
    if (format1) return { format1: JSON.parse(format1.toString('utf8')) as Format1Manifest };
    return this.manifestOf(sealed);
  }

  /**
   * The manifest, or undefined when there is none. Throws BackupError when it was sealed with
   * another key or by copy format 1, is damaged, was moved, or its generation is not the one that
   * sealed it.
   */
  async readManifest(): Promise<BucketManifest | undefined> {
    const sealed = await this.fetch(MANIFEST);
    return sealed && this.manifestOf(sealed);
  }

  private manifestOf(sealed: Buffer): BucketManifest {
    const { plain, generation } = unseal(this.config.key, sealed, 'The copy manifest', {
      name: MANIFEST,
    });
    const manifest = JSON.parse(plain.toString('utf8')) as BucketManifest;
    if (manifest.format !== 'stays-copy' || manifest.version !== 2) {
      throw new BackupError('The copy manifest is of a version this server does not read.');
    }
    if (manifest.generation !== generation) {
      throw new BackupError(
        `The copy manifest is damaged: it says generation ${manifest.generation} but was sealed by generation ${generation}.`,
      );
    }
    return manifest;
  }

  async writeManifest(manifest: BucketManifest): Promise<number> {
    const put = await this.put(
      MANIFEST,
      Buffer.from(JSON.stringify(manifest)),
      manifest.generation,
    );
    return put.bytes;
  }

  /** Every object name under the prefix. */
  async list(): Promise<Set<string>> {
    const { client, s3 } = await this.connect();
    const names = new Set<string>();
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) names.add(o.Key!.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async remove(keys: string[]): Promise<void> {
    const { client, s3 } = await this.connect();
    for (let i = 0; i < keys.length; i += 1000) {
      await client.send(
        new s3.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  /** Closes the client's connections, once the client is made (a close before any call closes nothing). */
  close(): void {
    void this.connection?.then(
      ({ client }) => client.destroy(),
      () => undefined,
    );
  }
}

/**
 * The copies to keep at `now` (BACKUP-2): the latest, and the newest of each hour of the last
 * `historyDays` days, so the database can be restored as it was at any hour of them.
 */
export function keptCopies<C extends { generation: number; at: number }>(
  copies: C[],
  now: number,
  historyDays: number,
): C[] {
  const since = now - historyDays * 24 * HOUR_MS;
  const newestOfHour = new Map<number, C>();
  for (const copy of copies) {
    if (copy.at < since) continue;
    const hour = Math.floor(copy.at / HOUR_MS);
    const seen = newestOfHour.get(hour);
    if (!seen || copy.generation > seen.generation) newestOfHour.set(hour, copy);
  }
  const latest = copies.at(-1);
  const kept = new Set(newestOfHour.values());
  if (latest) kept.add(latest);
  return copies.filter((c) => kept.has(c));
}
