// The master key that encrypts secrets at rest (signing keys, the CA key, webhook secrets):
// MASTER_KEY when configured (required with a shared PostgreSQL), else one the embedded store
// generates on first boot and keeps beside its data, readable by its owner only.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MASTER_KEY_FILE = 'master.key';
const BYTES = 32;

/** MASTER_KEY's text (64 hex digits or 44 base64 characters) as 32 bytes. */
export function decodeMasterKey(text: string): Uint8Array {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== BYTES) throw new RangeError('a master key is 32 bytes');
  return new Uint8Array(bytes);
}

/** The embedded store's own master key under `dataDir`, created with mode 0600 when missing. */
export function embeddedMasterKey(dataDir: string): Uint8Array {
  const path = join(dataDir, MASTER_KEY_FILE);
  if (existsSync(path)) return decodeMasterKey(readFileSync(path, 'utf8').trim());
  const key = randomBytes(BYTES);
  writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return new Uint8Array(key);
}
