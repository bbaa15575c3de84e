// One owner per GS1 key on this node (docs/gs1.md, "One owner per product key"): a passport's GTIN
// or GRAI is claimed in the transaction that writes the passport, and GS1 Company Prefixes reserve
// every key under them for the workspace that holds them. The module's surface for other modules.

import { AppError, badRequest, conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import {
  GS1_COMPANY_PREFIX,
  type ProductKeyScheme,
  prefixCandidates,
  productKeyOf,
} from '../../domain/gs1/product-key.ts';
import * as store from './store.ts';

export { keyConflicts, prefixConflicts } from './conflicts.ts';

export interface PassportKey {
  tenantId: string;
  passportId: string;
  productId: string;
  scheme: ProductKeyScheme;
}

/** The refusal, the same whatever holds the key: it names neither the passport nor the workspace. */
const claimed = (productKey: string) =>
  new AppError(
    'PRODUCT_KEY_CLAIMED',
    `The GS1 key ${productKey} belongs to another workspace on this node; nothing was written. ` +
      "If this workspace is the key's brand owner, ask the node's operator",
  );

/**
 * Claims the passport's GS1 key (a SKU claims nothing), within the transaction that writes the
 * passport: refused (409 PRODUCT_KEY_CLAIMED) when another workspace's passport holds the key, or
 * when the longest GS1 Company Prefix held over it is another workspace's.
 */
export async function claimProductKey(db: Executor, passport: PassportKey): Promise<void> {
  const productKey = productKeyOf(passport.productId, passport.scheme);
  if (productKey === null) return;
  const claim = { productKey, tenantId: passport.tenantId, passportId: passport.passportId };
  try {
    const outcome = await store.claimUnlessPrefixHeld(db, claim, prefixCandidates(productKey));
    if (outcome.prefixTenantId !== null && outcome.prefixTenantId !== passport.tenantId)
      throw claimed(productKey);
    if (outcome.written) return;
  } catch (error) {
    // The key is held by another, uncommitted write: refused like any other held key.
    if (error instanceof store.ClaimContendedError) throw claimed(productKey);
    throw error;
  }
  const holder = await store.findClaim(db, productKey);
  if (holder?.tenantId === passport.tenantId) {
    throw conflict(`A passport for productId ${passport.productId} already exists in this workspace`);
  }
  throw claimed(productKey);
}

/**
 * Releases the key a passport holds (its deletion, or a change of its productId), within that
 * write's transaction. Another workspace's passport that still carries the key (data from before
 * claims existed) takes it over.
 */
export async function releaseProductKey(db: Executor, passport: PassportKey): Promise<void> {
  const released = await store.deleteClaimOf(db, passport.tenantId, passport.passportId);
  if (released === null || passport.scheme === 'SKU') return;
  const key = { productId: passport.productId, scheme: passport.scheme };
  await store.handOverClaim(db, released, key, passport.passportId);
}

/** Whether a write moves the passport to another GS1 key (a new productId or scheme). */
export const changesProductKey = (before: PassportKey, after: Omit<PassportKey, 'tenantId' | 'passportId'>) =>
  productKeyOf(before.productId, before.scheme) !== productKeyOf(after.productId, after.scheme);

/** The GS1 Company Prefixes of these workspaces, by workspace, each list in ascending order. */
export function prefixesOfWorkspaces(db: Executor, tenantIds: readonly string[]) {
  return store.prefixesOf(db, tenantIds);
}

/**
 * Makes `prefixes` the workspace's whole set of GS1 Company Prefixes (an empty list clears it).
 * A prefix another workspace holds is 409 GS1_PREFIX_HELD and changes nothing. Passports other
 * workspaces already have under a new prefix stay: they are listed as conflicts.
 */
export async function setWorkspacePrefixes(db: Executor, tenantId: string, prefixes: readonly string[]) {
  const wanted = [...new Set(prefixes)].sort();
  const malformed = wanted.find((prefix) => !GS1_COMPANY_PREFIX.test(prefix));
  if (malformed !== undefined) {
    throw badRequest(`gs1CompanyPrefixes: "${malformed}" is not a GS1 Company Prefix of 4 to 12 digits`);
  }
  const held = await store.prefixesHeldElsewhere(db, tenantId, wanted);
  if (held.length > 0) throw prefixHeld(held);
  try {
    await store.replacePrefixes(db, tenantId, wanted);
  } catch (error) {
    // Another workspace took one of them between the check and the write (the transaction is
    // spoilt then, so the holder is not looked up).
    if (error instanceof store.PrefixHeldError) {
      throw new AppError(
        'GS1_PREFIX_HELD',
        'A GS1 Company Prefix asked for was just assigned to another workspace',
      );
    }
    throw error;
  }
  return wanted;
}

const prefixHeld = (held: { prefix: string; tenantId: string }[]) =>
  new AppError(
    'GS1_PREFIX_HELD',
    `GS1 Company Prefix already held by another workspace: ${held
      .map((row) => `${row.prefix} (workspace ${row.tenantId})`)
      .join(', ')}`,
  );
