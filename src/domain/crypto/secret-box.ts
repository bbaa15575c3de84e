// Secrets at rest (signing keys, webhook secrets): AES-256-GCM under the 32-byte master key, as
// text `v1.<iv>.<ciphertext>.<tag>` (base64url, no padding). The version names the scheme so that
// a later scheme can sit beside it. Opening fails closed: any damage, wrong key or wrong context is
// the same error, and nothing of the plaintext is returned.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PART = /^[A-Za-z0-9_-]*$/;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

function checkKey(masterKey: Uint8Array): void {
  if (!(masterKey instanceof Uint8Array) || masterKey.length !== KEY_BYTES) {
    throw new SecretBoxError(`the master key must be ${KEY_BYTES} bytes`);
  }
}

const aadBytes = (aad: string | Uint8Array | undefined) =>
  aad === undefined ? undefined : typeof aad === 'string' ? Buffer.from(aad, 'utf8') : Buffer.from(aad);

/**
 * Encrypts `plaintext` under `masterKey`. `aad` (additional authenticated data) binds the box to a
 * context, such as the row it belongs to, so that a box copied to another row does not open there.
 */
export function encryptSecret(
  masterKey: Uint8Array,
  plaintext: string | Uint8Array,
  aad?: string | Uint8Array,
): string {
  checkKey(masterKey);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
  const context = aadBytes(aad);
  if (context) cipher.setAAD(context);
  const data = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext;
  const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, ciphertext, tag]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts a box made by `encryptSecret`, as bytes. Throws SecretBoxError on anything but an intact box. */
export function decryptSecretBytes(masterKey: Uint8Array, box: string, aad?: string | Uint8Array): Buffer {
  checkKey(masterKey);
  const parts = typeof box === 'string' ? box.split('.') : [];
  if (parts.length !== 4 || parts[0] !== VERSION || !parts.every((part) => PART.test(part))) {
    throw new SecretBoxError('not a sealed secret of a known version');
  }
  const iv = Buffer.from(parts[1] as string, 'base64url');
  const ciphertext = Buffer.from(parts[2] as string, 'base64url');
  const tag = Buffer.from(parts[3] as string, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new SecretBoxError('the sealed secret is damaged');
  try {
    const decipher = createDecipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
    const context = aadBytes(aad);
    if (context) decipher.setAAD(context);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new SecretBoxError('the sealed secret does not open with this key and context');
  }
}

/** Decrypts a box made by `encryptSecret`, as UTF-8 text. */
export const decryptSecret = (masterKey: Uint8Array, box: string, aad?: string | Uint8Array): string =>
  decryptSecretBytes(masterKey, box, aad).toString('utf8');
