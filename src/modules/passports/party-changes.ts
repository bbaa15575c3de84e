// A change to an economic operator or a facility reaches every passport that shows it. A sealed
// passport the change would leave carrying a seal that no longer matches moves to a new, unsealed
// version instead (docs/sealing.md, section 13): the state it had is archived exactly as it was
// served, seal included, and keeps verifying; the live passport carries no seal until it is sealed
// again; and the move is audited as `passport.updated` with its cause, told to the workspace as a
// notice and sent to webhooks like any update. Beside it, what an operator's archive, restore and
// deletion and a facility's deletion do to passports. Apart from service.ts because the parties module
// alone calls these, inside its own transactions, while service.ts holds the passports' own writes.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import type { Executor } from '../../db/client.ts';
import { sealHolds } from '../../domain/seal/index.ts';
import { auditPassport } from './audit.ts';
import { documentRenderer } from './documents.ts';
import * as store from './store.ts';
import { archiveAndUpdate, UNSEALED } from './versions.ts';

/** What changed, as the audit record, the notice and the webhook event name it. */
interface PartyChangeCause {
  change: 'operator.updated' | 'facility.updated' | 'facility.deleted';
  operatorId?: string;
  facilityId?: string;
  /** How people read it, e.g. `facility 4012345000009 deleted`. */
  description: string;
}

/**
 * Runs `change` (the operator or facility write) in `tx`, and moves every sealed passport it reaches
 * whose seal no longer matches what the passport shows to a new unsealed version. The passports are
 * locked and rendered before the change, so each archived version is the text served until then.
 */
export async function changePartyOfPassports<T>(
  tx: Executor,
  services: ServiceContext,
  actor: Actor,
  reach: store.PartyReach,
  cause: PartyChangeCause,
  change: () => Promise<T>,
): Promise<T> {
  const sealedIds = await store.lockPassportsShowing(tx, actor.tenantId, reach);
  const sealed = await store.findPassportsByIds(tx, actor.tenantId, sealedIds);
  const before = documentRenderer(tx, services.baseUrl);
  const servedTexts = new Map<string, string>();
  for (const row of sealed) servedTexts.set(row.id, JSON.stringify(await before(row)));

  const result = await change();
  if (sealed.length === 0) return result;

  // A renderer of its own: the first one remembers the parties as they were.
  const after = documentRenderer(tx, services.baseUrl);
  const { description, ...causeFacts } = cause;
  for (const row of await store.findPassportsByIds(tx, actor.tenantId, [...servedTexts.keys()])) {
    if (sealHolds(await after(row))) continue;
    const changeReason = `seal removed: ${description}`;
    const moved = await archiveAndUpdate(
      tx,
      services,
      actor,
      row,
      UNSEALED,
      changeReason,
      servedTexts.get(row.id),
    );
    const facts = { cause: causeFacts, sealRemoved: true, sealedVersion: row.version };
    await auditPassport(
      tx,
      actor,
      moved.updatedAt,
      'passport.updated',
      moved,
      { changeReason, ...facts },
      {
        kind: 'passport.seal_removed',
        message: `Passport ${row.productId} is no longer sealed (${description}); version ${row.version} keeps the seal`,
        details: { passportId: row.id, productId: row.productId, version: moved.version, ...facts },
      },
    );
  }
  return result;
}

/** How many passports show the operator, archived ones included: the count operators are listed with. */
export function passportCountOfOperator(db: Executor, tenantId: string, operatorId: string): Promise<number> {
  return store.countPassportsOfOperator(db, tenantId, operatorId);
}

/**
 * Whether passports still need the operator, so that it is archived rather than deleted: a passport
 * shows it, or a sealed archived version names it. Such a seal is verified against the operators the
 * workspace has bound, so the operator must stay (archived) for it to keep verifying.
 */
export async function passportsNeedOperator(db: Executor, tenantId: string, operatorId: string) {
  return (
    (await store.countPassportsOfOperator(db, tenantId, operatorId)) > 0 ||
    (await store.isNamedBySealedVersion(db, tenantId, operatorId))
  );
}

/** Archives the operator's live passports with it; they stay resolvable. Answers how many. */
export function archivePassportsWithOperator(db: Executor, tenantId: string, operatorId: string, at: Date) {
  return store.archivePassportsOfOperator(db, tenantId, operatorId, at);
}

/** Brings the operator's archived passports back with it. Answers how many. */
export function restorePassportsWithOperator(db: Executor, tenantId: string, operatorId: string) {
  return store.restorePassportsOfOperator(db, tenantId, operatorId);
}

/** Unlinks a deleted facility from its passports, which are never deleted with it. */
export function unlinkPassportsFromFacility(db: Executor, tenantId: string, facilityId: string) {
  return store.unlinkFacility(db, tenantId, facilityId);
}
