// The seal CA and the workspaces' signing keys: created on first need, private parts stored only as
// secret boxes bound to their row, opened in memory when a seal is made and never returned.
import { randomBytes } from 'node:crypto';
import type { Sealing } from '../../core/sealing.ts';
import type { Executor } from '../../db/client.ts';
import { generateSigningKey, type SigningKey } from '../../domain/crypto/keys.ts';
import { decryptSecret, encryptSecret } from '../../domain/crypto/secret-box.ts';
import { createSealCa, issueWorkspaceCertificate, type SealCa } from '../../domain/seal/index.ts';
import * as store from './store.ts';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/** The CA outlives every workspace certificate it issues. */
const CA_LIFE_YEARS = 30;
/**
 * A workspace certificate covers its key's life: keys are rotated on demand, and a key whose
 * certificate comes within a month of its end is rotated by the next seal.
 */
export const KEY_LIFE_YEARS = 10;
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;
// Certificates start a little before their creation so that verifiers with a slow clock accept them.
const BACKDATE_MS = 5 * 60 * 1000;

const CA_CONTEXT = 'seal-authority:1';
const keyContext = (tenantId: string, kid: string) => `signing-key:${tenantId}:${kid}`;

const authorities = new WeakMap<Sealing, Promise<SealCa>>();

/** The node's seal CA: the configured one, or the one in the store (made by whichever instance came first). */
export function sealAuthority(db: Executor, sealing: Sealing, now: Date): Promise<SealCa> {
  if (sealing.configuredCa) return Promise.resolve(sealing.configuredCa);
  let found = authorities.get(sealing);
  if (!found) {
    found = loadOrCreateAuthority(db, sealing, now);
    // A failure is not remembered: the next request tries again.
    found.catch(() => authorities.delete(sealing));
    authorities.set(sealing, found);
  }
  return found;
}

async function loadOrCreateAuthority(db: Executor, sealing: Sealing, now: Date): Promise<SealCa> {
  let row = await store.findAuthority(db);
  if (!row) {
    const ca = await createSealCa({
      commonName: 'OpenDPP seal CA',
      notBefore: new Date(now.getTime() - BACKDATE_MS),
      notAfter: new Date(now.getTime() + CA_LIFE_YEARS * YEAR_MS),
    });
    await store.insertAuthority(
      db,
      ca.certificatePem,
      encryptSecret(sealing.masterKey, ca.privateKeyPem, CA_CONTEXT),
    );
    row = await store.findAuthority(db);
    if (!row) throw new Error('the seal CA could not be stored');
  }
  return {
    certificatePem: row.certificatePem,
    privateKeyPem: decryptSecret(sealing.masterKey, row.privateKeyBox, CA_CONTEXT),
  };
}

export interface ActiveKey {
  key: SigningKey;
  certificatePem: string;
}

function open(sealing: Sealing, row: store.SigningKeyRow): ActiveKey {
  const privateJwk = JSON.parse(
    decryptSecret(sealing.masterKey, row.privateKeyBox, keyContext(row.tenantId, row.id)),
  );
  return { key: { kid: row.id, privateJwk, publicJwk: row.publicJwk }, certificatePem: row.certificatePem };
}

const newKid = (now: Date) =>
  `seal-${now.toISOString().slice(0, 10)}-${randomBytes(9).toString('base64url')}`;

/** What making a key needs; the CA is read outside the caller's transaction so that it is never rolled back. */
export interface KeyMaking {
  sealing: Sealing;
  ca: SealCa;
  workspace: { id: string; name: string };
  now: Date;
}

async function createKey(tx: Executor, { sealing, ca, workspace, now }: KeyMaking): Promise<void> {
  const key = generateSigningKey(newKid(now));
  const certificatePem = await issueWorkspaceCertificate({
    ca,
    workspace,
    publicJwk: key.publicJwk,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter: new Date(now.getTime() + KEY_LIFE_YEARS * YEAR_MS),
  });
  await store.insertActiveKey(tx, {
    tenantId: workspace.id,
    id: key.kid,
    publicJwk: key.publicJwk,
    privateKeyBox: encryptSecret(
      sealing.masterKey,
      JSON.stringify(key.privateJwk),
      keyContext(workspace.id, key.kid),
    ),
    certificatePem,
    createdAt: now,
  });
}

const expiresSoon = (row: store.SigningKeyRow, now: Date) =>
  row.createdAt.getTime() + KEY_LIFE_YEARS * YEAR_MS - RENEW_BEFORE_MS <= now.getTime();

/** The workspace's active key when it has one not due for renewal; null otherwise (no lock, no write). */
export async function currentKey(
  db: Executor,
  sealing: Sealing,
  tenantId: string,
  now: Date,
): Promise<ActiveKey | null> {
  const current = await store.findActiveKey(db, tenantId);
  return current && !expiresSoon(current, now) ? open(sealing, current) : null;
}

/** The workspace's active key, made on first need (and renewed near its certificate's end). */
export async function activeKey(tx: Executor, making: KeyMaking): Promise<ActiveKey> {
  const { sealing, workspace, now } = making;
  const current = await store.findActiveKey(tx, workspace.id);
  if (current && !expiresSoon(current, now)) return open(sealing, current);
  await store.lockWorkspaceKeys(tx, workspace.id);
  const again = await store.findActiveKey(tx, workspace.id);
  if (again && !expiresSoon(again, now)) return open(sealing, again);
  if (again) await store.retireActiveKey(tx, workspace.id, now);
  await createKey(tx, making);
  const made = await store.findActiveKey(tx, workspace.id);
  if (!made) throw new Error('the signing key could not be stored');
  return open(sealing, made);
}

/** Retires the active key (if any) and makes a new one; returns the new key's public record. */
export async function rotateKey(tx: Executor, making: KeyMaking): Promise<store.SigningKeyRow> {
  const { workspace, now } = making;
  await store.lockWorkspaceKeys(tx, workspace.id);
  await store.retireActiveKey(tx, workspace.id, now);
  await createKey(tx, making);
  const made = await store.findActiveKey(tx, workspace.id);
  if (!made) throw new Error('the signing key could not be stored');
  return made;
}
