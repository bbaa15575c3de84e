// At boot, GS1 keys that passports of several workspaces carry (data from before keys had one
// owner) are named in the log, one warning per key, so the operator hears of them without asking.
import type { Executor } from '../../db/client.ts';
import { keyConflicts } from './conflicts.ts';

interface WarnLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Logs one warning per shared key; answers how many keys are shared. */
export async function warnOfSharedKeys(db: Executor, log: WarnLog): Promise<number> {
  const conflicts = await keyConflicts(db);
  for (const { productKey, passports } of conflicts) {
    const named = passports
      .map(
        (passport) =>
          `${passport.id} (workspace ${passport.workspaceId}${passport.holdsKey ? ', holds the key' : ''})`,
      )
      .join(', ');
    const resolved = passports.find((passport) => passport.resolvesOnMainHost);
    log.warn(
      { productKey, passportIds: passports.map((passport) => passport.id) },
      `GS1 key ${productKey} is carried by passports of several workspaces: ${named}; ` +
        (resolved
          ? `the main host resolves it to ${resolved.id}, the earliest-created published one`
          : 'none of them is published') +
        '. See `opendpp gs1 conflicts`',
    );
  }
  return conflicts.length;
}
