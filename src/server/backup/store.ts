/**
 * The copy's objects in the bucket (BACKUP-1, BACKUP-2), every one sealed (seal.ts):
 * - `{prefix}manifest.bin`: the BucketManifest, written last by each copy;
 * - `{prefix}db/{generation}.bin`: a gzipped snapshot of the database, one per kept copy;
 * - `{prefix}photos/{name}.bin`: a photo's original upload (the rest is rebuilt from it).
 * All S3 calls of the copy are here; the client is the publish target's (s3Client, decision 011).
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { BackupConfig } from '../config.js';
import { s3Client } from '../publish/s3-target.js';
import { BackupError } from './backup-error.js';
import { seal, unseal } from './seal.js';
import { HOUR_MS } from '../../shared/instants.js';

/** One kept database copy. */
export interface CopyRecord {
  generation: number;
  /** ms since the epoch the snapshot was taken. */
  at: number;
}

/** What the manifest says: whose copies these are, the newest generation, what is kept. */
export interface BucketManifest {
  format: 'stays-copy';
  version: 1;
  /** A random id given when a server first copies a database; restores carry it on. */
  lineage: string;
  /** The newest copy's generation: one more with each copy, never reused (BACKUP-2). */
  generation: number;
  /** Kept copies, oldest first; the last is the latest. */
  copies: CopyRecord[];
  /** Photo names whose originals are stored. */
  photos: string[];
}

/** The sealed objects under the target's prefix. */
export class BackupStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(private readonly config: BackupConfig) {
    this.client = s3Client(config.bucket);
    this.bucket = config.bucket.bucket;
    this.prefix = config.bucket.prefix;
  }

  dbKey(generation: number): string {
    return `${this.prefix}db/${String(generation).padStart(12, '0')}.bin`;
  }

  photoKey(name: string): string {
    return `${this.prefix}photos/${name}.bin`;
  }

  /** The object at `key` unsealed, or undefined when absent. Throws BackupError when sealed with another key or damaged. */
  async get(key: string, what: string): Promise<Buffer | undefined> {
    let bytes: Uint8Array;
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      bytes = await got.Body!.transformToByteArray();
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
    return unseal(this.config.key, Buffer.from(bytes), what);
  }

  /** Seals `plain` and stores it at `key`; resolves to the bytes sent. */
  async put(key: string, plain: Buffer): Promise<number> {
    const body = seal(this.config.key, plain);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: 'application/octet-stream',
      }),
    );
    return body.length;
  }

  async readManifest(): Promise<BucketManifest | undefined> {
    const plain = await this.get(`${this.prefix}manifest.bin`, 'The copy manifest');
    if (!plain) return undefined;
    const manifest = JSON.parse(plain.toString('utf8')) as BucketManifest;
    if (manifest.format !== 'stays-copy' || manifest.version !== 1) {
      throw new BackupError('The copy manifest is of a version this server does not read.');
    }
    return manifest;
  }

  writeManifest(manifest: BucketManifest): Promise<number> {
    return this.put(`${this.prefix}manifest.bin`, Buffer.from(JSON.stringify(manifest)));
  }

  async remove(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * The copies to keep at `now` (BACKUP-2): the latest, and the newest of each hour of the last
 * `historyDays` days, so the database can be restored as it was at any hour of them.
 */
export function keptCopies(copies: CopyRecord[], now: number, historyDays: number): CopyRecord[] {
  const since = now - historyDays * 24 * HOUR_MS;
  const newestOfHour = new Map<number, CopyRecord>();
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
