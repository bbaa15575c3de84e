// Failed sign-ins counted per account AND client address. Counted per account alone, anyone who
// knows a workspace and an email could lock that member out for an hour from anywhere; counted per
// pair, a stranger's failures lock only the stranger's own address out of that account, and the
// member signs in from theirs. Guessing from many addresses is bounded by each address's own lock
// and by the per-address failure budget (sessions.ts), not by a lock that would hit the owner.
// Kept in the instance's memory, like the per-address budget (docs/console.md says what follows).

/** Consecutive failures of one pair before it locks, and the longest lock. */
const FREE_FAILURES = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 3_600_000;
/** Pairs remembered at most; the oldest is forgotten first, so a flood of addresses cannot grow it. */
const PAIRS_KEPT = 100_000;

interface PairState {
  failures: number;
  lockedUntil: number;
}

export interface SignInLocks {
  /** When the pair's lock ends (ms since the epoch), or null when it may try now. */
  lockedUntil(memberId: string, address: string, now: number): number | null;
  /** Counts a failure of the pair; answers its consecutive failures so far. */
  failed(memberId: string, address: string, now: number): number;
  /** A success from this address clears its count; other addresses keep theirs. */
  succeeded(memberId: string, address: string): void;
}

export function signInLocks(): SignInLocks {
  const pairs = new Map<string, PairState>();
  const keyOf = (memberId: string, address: string) => `${memberId}|${address}`;
  return {
    lockedUntil(memberId, address, now) {
      const state = pairs.get(keyOf(memberId, address));
      return state && state.lockedUntil > now ? state.lockedUntil : null;
    },
    failed(memberId, address, now) {
      const key = keyOf(memberId, address);
      const state = pairs.get(key) ?? { failures: 0, lockedUntil: 0 };
      state.failures += 1;
      const over = state.failures - FREE_FAILURES;
      if (over > 0) state.lockedUntil = now + Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (over - 1));
      // Re-inserted, so the map's order is the order of last failure and the oldest goes first.
      pairs.delete(key);
      pairs.set(key, state);
      if (pairs.size > PAIRS_KEPT) pairs.delete(pairs.keys().next().value as string);
      return state.failures;
    },
    succeeded(memberId, address) {
      pairs.delete(keyOf(memberId, address));
    },
  };
}
