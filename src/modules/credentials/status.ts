// Revocation: every passport and unit a credential names holds one index in its workspace's
// Bitstring Status List, allocated on first issue and never reused. The list served is computed
// from the current statuses on each read and re-signed only when a bit (or the signing key) moved.
import type { ServiceContext } from '../../context.ts';
import {
  allocateStatusIndex,
  didWebFor,
  emptyEncodedList,
  passportRevoked,
  setStatusBits,
  signDataIntegrity,
  signVcJwt,
  statusListCredential,
  unitRevoked,
} from '../../domain/credentials/index.ts';
import { isUuid } from '../../domain/ids.ts';
import { notFound } from '../../http/errors.ts';
import { credentialSigningKey } from '../seals/service.ts';
import { requireWorkspace } from '../workspaces/service.ts';
import type { CredentialCache } from './cache.ts';
import * as store from './store.ts';

export const statusListUrl = (baseUrl: string, tenantId: string) =>
  `${baseUrl}/tenants/${tenantId}/status/revocation`;

/** The status index of a passport (no unit) or of one of its units, allocated on first need. */
export async function statusIndexOf(
  services: ServiceContext,
  cache: CredentialCache,
  tenantId: string,
  passportId: string,
  unitId: string | null = null,
): Promise<number> {
  const memo = `${tenantId}|${passportId}|${unitId ?? ''}`;
  const remembered = cache.indexes.get(memo);
  if (remembered !== undefined) return remembered;
  const { db } = services;
  let index = await store.findStatusIndex(db, tenantId, passportId, unitId);
  for (let attempt = 0; index === null && attempt < 5; attempt++) {
    const taken = await store.takenIndexes(db, tenantId);
    const drawn = allocateStatusIndex((candidate) => taken.has(candidate));
    // A lost race (the index, or the subject, claimed meanwhile) reads back or draws again.
    if (await store.insertStatusIndex(db, { tenantId, statusIndex: drawn, passportId, unitId }))
      index = drawn;
    else index = await store.findStatusIndex(db, tenantId, passportId, unitId);
  }
  if (index === null) throw new Error('no status list index could be allocated');
  cache.indexes.set(memo, index);
  return index;
}

export interface SignedStatusList {
  /** The list credential with an embedded ecdsa-jcs-2019 proof. */
  ld: string;
  /** The same credential as a vc+jwt. */
  jwt: string;
}

const secondPrecision = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/** The workspace's signed revocation list as the current statuses set its bits. */
export async function revocationList(services: ServiceContext, tenantId: string): Promise<SignedStatusList> {
  if (!isUuid(tenantId)) throw notFound('Workspace not found');
  const { db, baseUrl } = services;
  await requireWorkspace(db, tenantId);
  const [row, entries, key] = await Promise.all([
    store.findStatusList(db, tenantId),
    store.statusesOfEntries(db, tenantId),
    credentialSigningKey(services, tenantId),
  ]);
  const bits = new Map(
    entries.map((entry) => [
      entry.index,
      entry.unitId === null
        ? entry.passportStatus !== null && passportRevoked(entry.passportStatus)
        : entry.unitStatus !== null && unitRevoked(entry.unitStatus),
    ]),
  );
  const base = row?.encodedList ?? (await emptyEncodedList());
  const encodedList = await setStatusBits(base, bits);
  if (row && encodedList === row.encodedList && row.kid === key.kid) {
    return { ld: row.signedLd, jwt: row.signedJwt };
  }
  const validFrom = services.clock();
  const listUrl = statusListUrl(baseUrl, tenantId);
  const credential = statusListCredential({
    listUrl,
    issuerDid: didWebFor(baseUrl, tenantId),
    encodedList,
    validFrom: secondPrecision(validFrom),
  });
  const signed = {
    ld: JSON.stringify(signDataIntegrity(credential, key, { created: secondPrecision(validFrom) })),
    jwt: await signVcJwt(credential, key),
  };
  await store.saveStatusList(db, {
    tenantId,
    encodedList,
    kid: key.kid,
    validFrom,
    signedLd: signed.ld,
    signedJwt: signed.jwt,
  });
  return signed;
}
