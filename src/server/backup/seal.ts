/**
 * Sealing of every object the copy puts in the bucket (BACKUP-1): AES-256-GCM from node:crypto
 * (NIST SP 800-38D), a fresh 96-bit nonce per object, the 128-bit tag authenticating the bytes.
 * Layout: "STAYSBK1" (8 bytes) | key id (8 bytes) | nonce (12) | ciphertext | tag (16).
 * The key id is the first 8 bytes of HMAC-SHA256(key, "stays-backup-key-id"): it tells a wrong key
 * apart from a changed object without revealing anything of the key; the GCM tag covers the header
 * too (additional authenticated data), so neither can be altered unnoticed.
 */
import crypto from 'node:crypto';
import { BackupError } from './backup-error.js';

const MAGIC = Buffer.from('STAYSBK1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 8 + NONCE_BYTES;

/** The 8-byte key id of `key` (see the module comment). */
function keyId(key: Buffer): Buffer {
  return crypto.createHmac('sha256', key).update('stays-backup-key-id').digest().subarray(0, 8);
}

/** `plain` encrypted and authenticated under the 32-byte `key`. */
export function seal(key: Buffer, plain: Buffer): Buffer {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const header = Buffer.concat([MAGIC, keyId(key), nonce]);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([header, body, cipher.getAuthTag()]);
}

/**
 * The plain bytes of `sealed`. Throws BackupError naming `what`: "was sealed with another key"
 * (BACKUP_KEY is not the key it was written with) or "is damaged" (a changed, cut or foreign object).
 */
export function unseal(key: Buffer, sealed: Buffer, what: string): Buffer {
  if (sealed.length < HEADER_BYTES + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupError(`${what} is damaged: it is not a sealed Stays copy.`);
  }
  const header = sealed.subarray(0, HEADER_BYTES);
  if (!header.subarray(MAGIC.length, MAGIC.length + 8).equals(keyId(key))) {
    throw new BackupError(
      `${what} was sealed with another key: BACKUP_KEY is not the key of this copy.`,
    );
  }
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length + 8));
  decipher.setAAD(header);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(HEADER_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new BackupError(`${what} is damaged: its authentication tag does not match its bytes.`);
  }
}
