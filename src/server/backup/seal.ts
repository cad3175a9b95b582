/**
 * Sealing of every object the copy puts in the bucket (BACKUP-1, BACKUP-5): AES-256-GCM from
 * node:crypto (NIST SP 800-38D), a fresh 96-bit nonce per object, the 128-bit tag authenticating
 * the bytes. Layout (format 2):
 * "STAYSBK2" (8) | key id (8) | nonce (12) | generation (4, big-endian) | name length (2) | name |
 * ciphertext | tag (16).
 * The key id is the first 8 bytes of HMAC-SHA256(key, "stays-backup-key-id"): it tells a wrong key
 * apart from a changed object without revealing anything of the key. The whole header is the
 * additional authenticated data, so the object's name in the bucket (`db/000000000068.bin`) and
 * the generation that sealed it are bound to its bytes: an object copied over another's name, or an
 * older sealing put back, is named as such on unsealing (decision 040). Format 1 ("STAYSBK1", the
 * header without name and generation) is refused with its own sentence (README).
 */
import crypto from 'node:crypto';
import { BackupError } from './backup-error.js';

const MAGIC = Buffer.from('STAYSBK2');
const MAGIC_V1 = Buffer.from('STAYSBK1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Magic, key id, nonce, generation, name length. */
const FIXED_BYTES = MAGIC.length + 8 + NONCE_BYTES + 4 + 2;

/** Where an object belongs: its name under the target's prefix and the generation that sealed it. */
export interface Binding {
  name: string;
  generation: number;
}

/** The 8-byte key id of `key` (see the module comment). */
function keyId(key: Buffer): Buffer {
  return crypto.createHmac('sha256', key).update('stays-backup-key-id').digest().subarray(0, 8);
}

/** `plain` encrypted and authenticated under the 32-byte `key`, bound to `binding`. */
export function seal(key: Buffer, plain: Buffer, binding: Binding): Buffer {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const name = Buffer.from(binding.name, 'utf8');
  const numbers = Buffer.alloc(6);
  numbers.writeUInt32BE(binding.generation, 0);
  numbers.writeUInt16BE(name.length, 4);
  const header = Buffer.concat([MAGIC, keyId(key), nonce, numbers, name]);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([header, body, cipher.getAuthTag()]);
}

/**
 * The plain bytes of an object sealed by copy format 1 (the header alone authenticated), or
 * undefined when `sealed` is not of format 1. Only the server's upgrade of a format-1 manifest
 * reads it (decision 040); restore refuses format 1. Throws BackupError as `unseal` does.
 */
export function unsealFormat1(key: Buffer, sealed: Buffer, what: string): Buffer | undefined {
  const headerBytes = MAGIC_V1.length + 8 + NONCE_BYTES;
  if (!sealed.subarray(0, MAGIC_V1.length).equals(MAGIC_V1)) return undefined;
  if (sealed.length < headerBytes + TAG_BYTES) {
    throw new BackupError(`${what} is damaged: it is not a sealed Stays copy.`);
  }
  const header = sealed.subarray(0, headerBytes);
  if (!header.subarray(MAGIC_V1.length, MAGIC_V1.length + 8).equals(keyId(key))) {
    throw new BackupError(
      `${what} was sealed with another key: BACKUP_KEY is not the key of this copy.`,
    );
  }
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    key,
    header.subarray(MAGIC_V1.length + 8),
  );
  decipher.setAAD(header);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(headerBytes, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new BackupError(`${what} is damaged: its authentication tag does not match its bytes.`);
  }
}

/**
 * The plain bytes of `sealed` and the generation that sealed it. `expected.name` is where the
 * object was read from; `expected.generation`, when given, the generation the manifest records.
 * Throws BackupError naming `what`: "was sealed by an older Stays" (format 1), "was sealed with
 * another key", "is damaged" (changed, cut or foreign bytes), "is the object … moved here" (sealed
 * under another name) or "is an older/another sealing" (another generation).
 */
export function unseal(
  key: Buffer,
  sealed: Buffer,
  what: string,
  expected: { name: string; generation?: number },
): { plain: Buffer; generation: number } {
  if (sealed.subarray(0, MAGIC_V1.length).equals(MAGIC_V1)) {
    throw new BackupError(
      `${what} was sealed by an older Stays (copy format 1, without its name and generation): this release does not restore it. Start the server of this release on the DATA_DIR it copies (it seals the copy anew), or restore with the previous release.`,
    );
  }
  const nameLength = sealed.length >= FIXED_BYTES ? sealed.readUInt16BE(FIXED_BYTES - 2) : 0;
  const headerBytes = FIXED_BYTES + nameLength;
  if (sealed.length < headerBytes + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupError(`${what} is damaged: it is not a sealed Stays copy.`);
  }
  const header = sealed.subarray(0, headerBytes);
  if (!header.subarray(MAGIC.length, MAGIC.length + 8).equals(keyId(key))) {
    throw new BackupError(
      `${what} was sealed with another key: BACKUP_KEY is not the key of this copy.`,
    );
  }
  const nonce = header.subarray(MAGIC.length + 8, MAGIC.length + 8 + NONCE_BYTES);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  let plain: Buffer;
  try {
    plain = Buffer.concat([
      decipher.update(sealed.subarray(headerBytes, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new BackupError(`${what} is damaged: its authentication tag does not match its bytes.`);
  }
  const generation = header.readUInt32BE(FIXED_BYTES - 6);
  const name = header.subarray(FIXED_BYTES).toString('utf8');
  if (name !== expected.name) {
    throw new BackupError(
      `${what} is refused: the object at ${expected.name} is ${name} (generation ${generation}) moved there; nothing was written.`,
    );
  }
  if (expected.generation !== undefined && generation !== expected.generation) {
    throw new BackupError(
      `${what} is refused: the object at ${name} was sealed by generation ${generation}, the manifest records generation ${expected.generation} (${generation < expected.generation ? 'an older object put back' : 'another sealing'}); nothing was written.`,
    );
  }
  return { plain, generation };
}
