// What the one-owner rule finds already broken (docs/gs1.md, "Conflicts"): GS1 keys that passports
// of several workspaces carry (written before claims existed), and passports under a GS1 Company
// Prefix that another workspace was given after they were made. Both are reported, never changed.
// Apart from service.ts, which enforces the rule on writes: these only read where it is broken.
import type { Executor } from '../../db/client.ts';
import { prefixCandidates } from '../../domain/gs1/product-key.ts';
import * as store from './store.ts';

export interface KeyConflict {
  productKey: string;
  /** Earliest-created first. */
  passports: {
    id: string;
    workspaceId: string;
    status: string;
    createdAt: string;
    /** The passport the node counts as the key's holder (its claim). */
    holdsKey: boolean;
    /** The passport the main host's `/01/…` or `/8003/…` resolves to: the earliest-created published one. */
    resolvesOnMainHost: boolean;
  }[];
}

export async function keyConflicts(db: Executor): Promise<KeyConflict[]> {
  const byKey = new Map<string, KeyConflict>();
  for (const row of await store.passportsOfSharedKeys(db)) {
    const entry = byKey.get(row.productKey) ?? { productKey: row.productKey, passports: [] };
    byKey.set(row.productKey, entry);
    const resolves = row.status !== 'DRAFT' && !entry.passports.some((p) => p.resolvesOnMainHost);
    entry.passports.push({
      id: row.passportId,
      workspaceId: row.tenantId,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      holdsKey: row.holdsClaim,
      resolvesOnMainHost: resolves,
    });
  }
  return [...byKey.values()];
}

export interface PrefixConflict {
  prefix: string;
  /** The workspace that holds the prefix. */
  workspaceId: string;
  passport: { id: string; workspaceId: string; productKey: string; createdAt: string };
}

/** Passports whose key's longest held prefix (the one that decides) is another workspace's. */
export async function prefixConflicts(db: Executor): Promise<PrefixConflict[]> {
  const candidates = await store.passportsUnderOthersPrefixes(db);
  if (candidates.length === 0) return [];
  const holders = new Map((await store.allPrefixes(db)).map((row) => [row.prefix, row.tenantId]));
  const conflicts: PrefixConflict[] = [];
  for (const row of candidates) {
    const prefix = prefixCandidates(row.productKey).find((candidate) => holders.has(candidate));
    const holder = prefix === undefined ? undefined : holders.get(prefix);
    if (prefix === undefined || holder === undefined || holder === row.tenantId) continue;
    conflicts.push({
      prefix,
      workspaceId: holder,
      passport: {
        id: row.passportId,
        workspaceId: row.tenantId,
        productKey: row.productKey,
        createdAt: row.createdAt.toISOString(),
      },
    });
  }
  return conflicts.sort(
    (a, b) =>
      a.prefix.localeCompare(b.prefix) ||
      a.passport.productKey.localeCompare(b.passport.productKey) ||
      a.passport.createdAt.localeCompare(b.passport.createdAt),
  );
}
