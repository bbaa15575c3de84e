// The trust list the platform admin keeps: issuers whose SD-JWT VCs open an access tier, with their
// keys pinned (a JWKS or a PEM chain; never fetched from the network), the credential types accepted
// from each, and the tier. Every change is audited, and a removal, or a change of keys, ends the
// sessions it no longer stands behind. Apart from service.ts: the admin resource's rules and writes,
// each in a transaction of its own, beside the verifier's flow.
import { X509Certificate } from 'node:crypto';
import { calculateJwkThumbprint, importJWK, type JWK } from 'jose';
import type { ServiceContext } from '../../context.ts';
import { COUNTRY_CODES } from '../../core/countries.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { pemBlocks } from '../../domain/crypto/pem.ts';
import { isUuid } from '../../domain/ids.ts';
import { sessionCacheFor } from './session-cache.ts';
import * as store from './store.ts';

export type AccessTierOfIssuer = 'legitimate-interest' | 'authority';

export interface TrustedIssuerInput {
  name: string;
  issuer: string;
  keys: { keys: Record<string, unknown>[] } | string;
  credentialTypes: string[];
  accessTier: AccessTierOfIssuer;
  countries?: string[] | null;
}

export interface TrustedIssuerRecord {
  id: string;
  name: string;
  issuer: string;
  keys: { keys: Record<string, unknown>[] } | string;
  credentialTypes: string[];
  accessTier: AccessTierOfIssuer;
  countries: string[] | null;
  createdAt: string;
  updatedAt: string;
}

const ACTOR = 'platform-admin';

export function toIssuerRecord(row: store.IssuerRow): TrustedIssuerRecord {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    keys: row.x5c ?? (row.keys as { keys: Record<string, unknown>[] }),
    credentialTypes: row.credentialTypes,
    accessTier: row.accessTier as AccessTierOfIssuer,
    countries: row.countries ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function checkIssuerId(issuer: string): void {
  if (issuer.startsWith('did:') && /^did:[a-z0-9]+:\S+$/.test(issuer)) return;
  try {
    const url = new URL(issuer);
    if (url.protocol === 'https:' && url.hash === '' && url.username === '') return;
  } catch {
    // Falls through to the refusal.
  }
  throw badRequest('issuer must be an https URL or a DID');
}

/** The key ids (JWK thumbprints, or the pinned root's fingerprint) a key set stands behind. */
export async function keyIdsOf(keys: TrustedIssuerInput['keys']): Promise<string[]> {
  if (typeof keys === 'string') {
    const blocks = pemBlocks(keys);
    const root = blocks.at(-1);
    if (!root) throw badRequest('keys must be a JWKS ({ keys: [...] }) or a PEM certificate chain');
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(root);
    } catch {
      throw badRequest('keys: the PEM chain holds a certificate that cannot be read');
    }
    return [`x5c:${cert.fingerprint256}`];
  }
  const ids: string[] = [];
  for (const [index, key] of keys.keys.entries()) {
    if ('d' in key || 'k' in key || 'p' in key) throw badRequest(`keys.keys[${index}] must be a public key`);
    try {
      await importJWK(
        key as JWK,
        typeof key.alg === 'string' ? key.alg : key.kty === 'EC' ? 'ES256' : 'RS256',
      );
      ids.push(await calculateJwkThumbprint(key as JWK));
    } catch {
      throw badRequest(`keys.keys[${index}] is not a usable public JWK`);
    }
  }
  if (ids.length === 0) throw badRequest('keys must hold at least one key');
  return ids;
}

function checkCountries(countries: string[] | null | undefined): string[] | null {
  if (countries === undefined || countries === null) return null;
  for (const code of countries)
    if (!COUNTRY_CODES.includes(code))
      throw badRequest(`countries: ${code} is not an ISO 3166-1 alpha-2 code`);
  return [...new Set(countries)];
}

function storedKeys(keys: TrustedIssuerInput['keys']) {
  return typeof keys === 'string' ? { keys: null, x5c: keys } : { keys, x5c: null };
}

const forgetSessions = (services: ServiceContext) => sessionCacheFor(services.db).forgetAll();

export async function addTrustedIssuer(services: ServiceContext, input: TrustedIssuerInput) {
  checkIssuerId(input.issuer);
  await keyIdsOf(input.keys);
  const countries = checkCountries(input.countries);
  const at = services.clock();
  return (services.db as Db).transaction(async (tx) => {
    if (await store.findIssuerByIss(tx, input.issuer))
      throw conflict('This issuer is already on the trust list');
    const row = await store.insertIssuer(tx, {
      name: input.name.trim(),
      issuer: input.issuer,
      ...storedKeys(input.keys),
      credentialTypes: [...new Set(input.credentialTypes)],
      accessTier: input.accessTier,
      countries,
      createdAt: at,
      updatedAt: at,
    });
    await store.insertAudit(tx, {
      action: 'trusted_issuer.added',
      issuerId: row.id,
      actor: ACTOR,
      details: { name: row.name, issuer: row.issuer, accessTier: row.accessTier },
      at,
    });
    return toIssuerRecord(row);
  });
}

export async function listTrustedIssuers(services: ServiceContext) {
  return (await store.listIssuers(services.db)).map(toIssuerRecord);
}

async function reachIssuer(db: Parameters<typeof store.findIssuer>[0], id: string) {
  const row = isUuid(id) ? await store.findIssuer(db, id.toLowerCase()) : null;
  if (!row) throw notFound('No trusted issuer with this id');
  return row;
}

export async function getTrustedIssuer(services: ServiceContext, id: string) {
  return toIssuerRecord(await reachIssuer(services.db, id));
}

export async function changeTrustedIssuer(
  services: ServiceContext,
  id: string,
  change: Partial<Omit<TrustedIssuerInput, 'issuer'>>,
) {
  const keyIds = change.keys === undefined ? undefined : await keyIdsOf(change.keys);
  const countries = change.countries === undefined ? undefined : checkCountries(change.countries);
  const at = services.clock();
  const record = await (services.db as Db).transaction(async (tx) => {
    const row = await reachIssuer(tx, id);
    const updated = await store.updateIssuer(tx, row.id, {
      ...(change.name !== undefined && { name: change.name.trim() }),
      ...(change.keys !== undefined && storedKeys(change.keys)),
      ...(change.credentialTypes !== undefined && { credentialTypes: [...new Set(change.credentialTypes)] }),
      ...(change.accessTier !== undefined && { accessTier: change.accessTier }),
      ...(countries !== undefined && { countries }),
      updatedAt: at,
    });
    if (!updated) throw notFound('No trusted issuer with this id');
    // A key taken off the list ends the sessions it verified; a changed tier ends them all.
    if (change.accessTier !== undefined && change.accessTier !== row.accessTier)
      await store.endSessionsOfIssuer(tx, row.id, at);
    else if (keyIds) await store.endSessionsOfIssuer(tx, row.id, at, keyIds);
    await store.insertAudit(tx, {
      action: 'trusted_issuer.changed',
      issuerId: row.id,
      actor: ACTOR,
      details: { changed: Object.keys(change).sort() },
      at,
    });
    return toIssuerRecord(updated);
  });
  forgetSessions(services);
  return record;
}

export async function removeTrustedIssuer(services: ServiceContext, id: string) {
  const at = services.clock();
  const record = await (services.db as Db).transaction(async (tx) => {
    const row = await reachIssuer(tx, id);
    await store.deleteIssuer(tx, row.id);
    await store.endSessionsOfIssuer(tx, row.id, at);
    await store.insertAudit(tx, {
      action: 'trusted_issuer.removed',
      issuerId: row.id,
      actor: ACTOR,
      details: { name: row.name, issuer: row.issuer },
      at,
    });
    return toIssuerRecord(row);
  });
  forgetSessions(services);
  return record;
}
