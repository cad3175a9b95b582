/**
 * The CDN stand-in for the tests of publishing to a bucket (src/server/publish/cdn.test.ts,
 * CDN-1..CDN-8): s3rver, an S3-compatible server (tests only: it speaks the protocol but is not
 * distributed), in a temporary folder on loopback; nginx (test/nginx-stand-in.ts) runs
 * docs/deploy/cdn-nginx.conf in front of it. Every start registers its stop with `cleanups`.
 */
import path from 'node:path';
import S3rver from 's3rver';
import type { BackupConfig } from '../src/server/config.js';
import { tempDir, type Cleanups } from './nginx-stand-in.js';

const root = path.resolve(import.meta.dirname, '..');
export const CDN_NGINX_CONF = path.join(root, 'docs/deploy/cdn-nginx.conf');
/** s3rver's one access key id; the secret is not checked (allowMismatchedSignatures). */
export const S3RVER_KEY_ID = 'S3RVER';

/**
 * s3rver on 127.0.0.1 with `bucket` created, any secret taken, its objects stored as files in
 * `directory` (a new temporary folder by default); resolves to its endpoint URL.
 */
export async function startS3rver(
  cleanups: Cleanups,
  bucket: string,
  directory = tempDir(cleanups, 'stays-s3rver-'),
): Promise<string> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  cleanups.push(() => server.close());
  return `http://127.0.0.1:${port}`;
}

/** BACKUP_TARGET=s3://{bucket}/copy on the s3rver at `endpoint`, sealed with `key` (BACKUP-1). */
export function s3rverBackupConfig(endpoint: string, bucket: string, key: Buffer): BackupConfig {
  return {
    bucket: {
      bucket,
      prefix: 'copy/',
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_KEY_ID, secretAccessKey: 's3rver-takes-any-secret' },
    },
    key,
    historyDays: 7,
  };
}

/**
 * The site's own files a page names, as keys (URL paths without the leading slash): scripts (the
 * loader's entry among them), styles, photos, hero images, the data scripts.
 */
export function namedFiles(html: string): string[] {
  const urls = new Set<string>();
  const attributes =
    /\b(?:src|href|srcset|imagesrcset|content|data-entry|data-site-data|data-catalogue)="([^"]+)"/g;
  for (const m of html.matchAll(attributes)) {
    for (const candidate of m[1]!.split(',')) {
      const url = candidate.trim().split(/\s+/)[0]!;
      if (/^\/(assets|imported-images|hero|site-data\.)/.test(url)) urls.add(url.slice(1));
    }
  }
  return [...urls];
}
