// Shared shapes of the verifiers: a result instead of an exception (a bad credential is an expected
// input), and a key lookup by verification method id so the DID document stays the only trust source.
import type { JWK } from 'jose';
import { assertionKey, type DidDocument } from './did-web.ts';

export type Verification<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The public JWK a verification method id (`<did>#<kid>`) names, or null when it names none. */
export type KeyResolver = (verificationMethod: string) => JWK | null;

/** Resolves only keys the DID document lists as `assertionMethod`. */
export const keysOfDidDocument =
  (document: DidDocument): KeyResolver =>
  (verificationMethod) => {
    const jwk = assertionKey(document, verificationMethod);
    return jwk ? { ...jwk } : null;
  };

export const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** The DID part of a verification method id. */
/** True for an absolute URI (a DID or a URL): what an issuer id and a key id must be. */
export const isUri = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(value);

export const didOf = (verificationMethod: string) => verificationMethod.split('#')[0] ?? '';

/** The issuer id of a credential: `issuer` as a string or as an object with `id`. */
export function issuerIdOf(credential: unknown): string | undefined {
  if (typeof credential !== 'object' || credential === null) return undefined;
  const issuer = (credential as { issuer?: unknown }).issuer;
  if (typeof issuer === 'string') return issuer;
  if (typeof issuer === 'object' && issuer !== null && typeof (issuer as { id?: unknown }).id === 'string') {
    return (issuer as { id: string }).id;
  }
  return undefined;
}
