// Status lists: every passport and unit a credential names holds one index, allocated on first
// issue and never reused, and each of its credentials carries that index in the workspace's two
// Bitstring Status Lists, `revocation` and `suspension`. The lists served are computed on each read
// (revocation from what the database recorded, suspension from the current statuses) and re-signed
// only when a bit (or the signing key) moved.
import type { ServiceContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import {
  allocateStatusIndex,
  didWebFor,
  emptyEncodedList,
  revokes,
  STATUS_PURPOSES,
  type StatusEntryInput,
  type StatusPurpose,
  setStatusBits,
  signDataIntegrity,
  signVcJwt,
  statusListCredential,
  suspends,
} from '../../domain/credentials/index.ts';
import { isUuid } from '../../domain/ids.ts';
import { credentialSigningKey } from '../seals/service.ts';
import { requireWorkspace } from '../workspaces/service.ts';
import type { CredentialCache } from './cache.ts';
import * as store from './store.ts';

export const statusListUrl = (baseUrl: string, tenantId: string, purpose: StatusPurpose) =>
  `${baseUrl}/tenants/${tenantId}/status/${purpose}`;

/** The two entries of a credential whose bit is `index`: one in each of the workspace's lists. */
export const statusEntriesOf = (baseUrl: string, tenantId: string, index: number): StatusEntryInput[] =>
  STATUS_PURPOSES.map((purpose) => ({
    listUrl: statusListUrl(baseUrl, tenantId, purpose),
    index,
    purpose,
  }));

/** What a status index is held by, as the credential being issued sees it. */
export interface IndexHolder {
  tenantId: string;
  passportId: string;
  /** Null for the passport's own index. */
  unitId: string | null;
  /** The passport version being issued: a passport's index is remembered per version. */
  version: number;
  /** Whether the holder is in an ending status now (`revokes`): its revoked index is then kept. */
  ending: boolean;
}

/**
 * The status index of a passport or unit, allocated on first need. A revoked bit is never cleared,
 * so a holder back in service (a passport reactivated after a decommission, a unit back from
 * DECOMMISSIONED) takes a new index, the next generation, for the credentials issued from then on;
 * the revoked one keeps revoking the credentials that carry it.
 */
export async function statusIndexOf(
  services: ServiceContext,
  cache: CredentialCache,
  holder: IndexHolder,
): Promise<number> {
  const { tenantId, passportId, unitId } = holder;
  // Every passport status move makes a new version, so a revocation and a return to service never
  // hide behind this memo. A unit's moves leave no such trace: its index is read every time.
  const memo = unitId === null ? `${tenantId}|${passportId}|${holder.version}` : null;
  const remembered = memo === null ? undefined : cache.indexes.get(memo);
  if (remembered !== undefined) return remembered;
  const { db } = services;
  // The generation to take a new index for, or null when the newest index serves.
  const toTake = (found: store.StatusEntryRow | null) =>
    found === null ? 0 : found.revokedAt !== null && !holder.ending ? found.generation + 1 : null;
  let entry = await store.findStatusEntry(db, tenantId, passportId, unitId);
  let generation = toTake(entry);
  for (let attempt = 0; generation !== null && attempt < 5; attempt++) {
    const taken = await store.takenIndexes(db, tenantId);
    const drawn = allocateStatusIndex((candidate) => taken.has(candidate));
    if (await store.insertStatusIndex(db, { tenantId, statusIndex: drawn, passportId, unitId, generation })) {
      entry = { index: drawn, generation, revokedAt: null };
      break;
    }
    // A lost race: the generation claimed meanwhile serves; a taken index is drawn again.
    entry = await store.findStatusEntry(db, tenantId, passportId, unitId);
    generation = entry !== null && entry.generation >= generation ? null : toTake(entry);
  }
  if (entry === null || (generation !== null && entry.generation < generation))
    throw new Error('no status list index could be allocated');
  if (memo !== null) cache.indexes.set(memo, entry.index);
  return entry.index;
}

export interface SignedStatusList {
  /** The list credential with an embedded ecdsa-jcs-2019 proof. */
  ld: string;
  /** The same credential as a vc+jwt. */
  jwt: string;
}

const secondPrecision = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

type EntryStatuses = Awaited<ReturnType<typeof store.statusesOfEntries>>[number];

/**
 * The bits a read moves. Revocation only ever sets bits, onto the stored list: an index is revoked
 * once the database recorded it (`revoked_at`) or its holder is in an ending status now. Suspension
 * follows the current statuses both ways.
 */
function bitsOf(purpose: StatusPurpose, entries: EntryStatuses[]): Map<number, boolean> {
  if (purpose === 'suspension') return new Map(entries.map((entry) => [entry.index, suspends(entry)]));
  return new Map(
    entries.filter((entry) => entry.revokedAt !== null || revokes(entry)).map((entry) => [entry.index, true]),
  );
}

/** The workspace's signed list of a purpose, as its entries set its bits now. */
export async function statusList(
  services: ServiceContext,
  tenantId: string,
  purpose: StatusPurpose,
): Promise<SignedStatusList> {
  if (!isUuid(tenantId)) throw notFound('Workspace not found');
  const { db, baseUrl } = services;
  await requireWorkspace(db, tenantId);
  const [row, entries, key] = await Promise.all([
    store.findStatusList(db, tenantId, purpose),
    store.statusesOfEntries(db, tenantId),
    credentialSigningKey(services, tenantId),
  ]);
  const base = row?.encodedList ?? (await emptyEncodedList());
  const encodedList = await setStatusBits(base, bitsOf(purpose, entries));
  if (row && encodedList === row.encodedList && row.kid === key.kid) {
    return { ld: row.signedLd, jwt: row.signedJwt };
  }
  const validFrom = services.clock();
  const credential = statusListCredential({
    listUrl: statusListUrl(baseUrl, tenantId, purpose),
    issuerDid: didWebFor(baseUrl, tenantId),
    encodedList,
    validFrom: secondPrecision(validFrom),
    purpose,
  });
  const signed = {
    ld: JSON.stringify(signDataIntegrity(credential, key, { created: secondPrecision(validFrom) })),
    jwt: await signVcJwt(credential, key),
  };
  await store.saveStatusList(db, {
    tenantId,
    statusPurpose: purpose,
    encodedList,
    kid: key.kid,
    validFrom,
    signedLd: signed.ld,
    signedJwt: signed.jwt,
  });
  return signed;
}
