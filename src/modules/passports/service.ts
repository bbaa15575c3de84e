// Passport rules: create, read, update (versioned), status moves (versioned), draft deletion, list.
// The module's surface: what other modules need of archived versions (history.ts), backups
// (backups.ts), party changes (party-changes.ts), kept answers (renditions.ts) and data carriers
// (carriers.ts) lives in files of their own, each saying why, and is handed on from here.
import type { ServiceContext } from '../../context.ts';
import { type Actor, scopedOperator } from '../../core/actor.ts';
import { AppError, badRequest, conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import type { BackupState } from '../../db/schema.ts';
import { checkPassportBody } from '../../domain/passports/create-body.ts';
import { parsePassportReference, productIdentity } from '../../domain/passports/identity.ts';
import { canMove, moveName, type PassportStatus, RETENTION_YEARS } from '../../domain/passports/lifecycle.ts';
import { toFacilityRecord } from '../facilities/service.ts';
import { changesProductKey, claimProductKey, type PassportKey, releaseProductKey } from '../gs1/service.ts';
import { toOperatorRecord } from '../operators/service.ts';
import { auditPassport } from './audit.ts';
import { hashSealedPassport } from './backups.ts';
import { documentRenderer, renderWithParties, renderWritten } from './documents.ts';
import { type PassportBody, preparePassport, ValidationFailed } from './ingest.ts';
import { resolvePassport } from './lookup.ts';
import { announceUpdateDue } from './registration-state.ts';
import * as store from './store.ts';
import { carriedMarkers, markersOf, unconfirmedFindings, withMarkers } from './unconfirmed.ts';
import { archiveAndUpdate, UNSEALED } from './versions.ts';

export {
  type BackupState,
  recordBackup,
  type SealedVersionKey,
  sealedVersions,
  sealedVersionText,
} from './backups.ts';
export { passportCarrierSubject } from './carriers.ts';
export {
  archivedDocument,
  documentAt,
  documentTextAt,
  historyPage,
  parseInstant,
} from './history.ts';
export { findPassportInWorkspace, resolvePassport, resolvePassportByIdOrProductId } from './lookup.ts';
export { readOwnerAnswer, readOwnerDocument, readOwnerDocumentBy } from './owner-reads.ts';
export {
  archivePassportsWithOperator,
  changePartyOfPassports,
  passportCountOfOperator,
  passportsNeedOperator,
  restorePassportsWithOperator,
  unlinkPassportsFromFacility,
} from './party-changes.ts';
export { noteRegistered, registryUpdateDue, versionHashAt } from './registration-state.ts';
export type { KeptRendition } from './rendition-store.ts';
export { keepPublicAnswer, keptPublicAnswer } from './renditions.ts';
export { confirmValues } from './unconfirmed.ts';

import { ownerKey, readOwnerFound } from './owner-reads.ts';

// The module's surface for other modules: they import from here, never from its other files.
export { documentRenderer };

/**
 * A page of the passports the actor may read, newest first, with the total the filter matches. An
 * operator-scoped key lists its own operator's; filtering on another operator is 403, as everywhere.
 */
export async function listPassports(
  { db }: ServiceContext,
  actor: Actor,
  filter: store.ListFilter,
  page: number,
  limit: number,
) {
  const { operatorId: requested, ...rest } = filter;
  // An empty `operatorId=` filters nothing, as it always has.
  const operatorId = scopedOperator(actor, requested || undefined, 'passport filter');
  const scoped = operatorId === undefined ? rest : { ...rest, operatorId };
  return store.listPassports(db, actor.tenantId, scoped, limit, (page - 1) * limit);
}

/**
 * The published (not DRAFT) passport with this id, in whichever workspace holds it, or null: what a
 * third party may ask access to.
 */
export function findPublishedById(db: Executor, id: string) {
  return store.findPublishedPassport(db, { id }, null);
}

/**
 * A published passport as public resolution reads it, by id or product id, in one workspace or, with
 * `tenantId` null, in any (the first to create a product id wins): with its operator and facility
 * rows and the stamp of the three, in one round trip. Null when there is none.
 */
export function publishedPassportWithParties(
  db: Executor,
  by: { id: string } | { productId: string },
  tenantId: string | null,
) {
  return store.findPublishedWithParties(db, by, tenantId);
}
/** The document of a passport read with its parties (a published one, or a unit's model). */
export { renderWithParties };

/** A passport as its registry record needs it: the row, its parties' records, its owner document. */
export async function registrySubject(services: ServiceContext, actor: Actor, reference: string) {
  const { found, document } = await readOwnerFound(
    services,
    actor,
    ownerKey(parsePassportReference(reference)),
  );
  return {
    row: found.passport,
    operator: toOperatorRecord(found.operator),
    facility: found.facility ? toFacilityRecord(found.facility) : null,
    document,
  };
}

/** The ids of the workspace's published passports (no drafts) the actor may read, oldest first. */
export function publishedPassportIds(db: Executor, actor: Actor): Promise<string[]> {
  return store.publishedIds(db, actor.tenantId, actor.operatorId);
}

/** The stored passport with this productId (any GTIN length), or null; not scope-checked. */
export async function findByProductId(db: Executor, actor: Actor, productId: string) {
  const identity = productIdentity(productId);
  return identity ? store.findPassport(db, actor.tenantId, { productId: identity.productId }) : null;
}

/**
 * Passport ids by productId, in the order asked, for the passports the actor may read (an
 * operator-scoped key sees its operator's only). ProductIds that name no such passport are absent.
 */
export async function passportIdsByProductIds(
  services: ServiceContext,
  actor: Actor,
  productIds: readonly string[],
): Promise<{ productId: string; id: string }[]> {
  const normalised = productIds.map((asked) => ({
    asked,
    productId: productIdentity(asked)?.productId ?? null,
  }));
  const wanted = [...new Set(normalised.flatMap((entry) => (entry.productId ? [entry.productId] : [])))];
  const only = scopedOperator(actor, undefined, 'passport') ?? null;
  const rows = await store.findIdsByProductIds(services.db, actor.tenantId, wanted, only);
  const byProductId = new Map(rows.map((row) => [row.productId, row.id]));
  return normalised.flatMap(({ asked, productId }) => {
    const id = productId ? byProductId.get(productId) : undefined;
    return id ? [{ productId: asked, id }] : [];
  });
}

/** The GS1 key a stored passport carries, as the gs1 module claims it. */
const keyOf = (row: store.PassportRow): PassportKey => ({
  tenantId: row.tenantId,
  passportId: row.id,
  productId: row.productId,
  scheme: row.productIdScheme as PassportKey['scheme'],
});

async function checkQuota(db: Executor, tenantId: string, activating: number): Promise<void> {
  if (activating <= 0) return;
  const quota = await store.lockQuota(db, tenantId);
  if (quota.active + activating > quota.limit) {
    throw new AppError(
      'PASSPORT_LIMIT_REACHED',
      `The workspace's limit of ${quota.limit} active passports is reached; raise the plan or retire passports`,
    );
  }
}

/** `partial`: a draft that may lack required metadata fields (docs/passports.md, "Partial drafts"). */
export interface WriteOptions {
  partial?: boolean;
}
const PARTIAL_DRAFTS_ONLY =
  'partial=true applies to drafts only: create with status DRAFT, or update a passport that is a DRAFT';

/**
 * Creates a passport and answers it with its owner document, rendered from the operator and facility
 * the checks read (no read after the write). `within` is an open transaction when the create is one
 * step of a larger write (a bulk row, an AAS ingest): it then runs in a savepoint of its own.
 */
export async function createPassport(
  services: ServiceContext,
  actor: Actor,
  body: PassportBody & { status?: unknown; unconfirmed?: unknown },
  options: WriteOptions = {},
  within: Executor = services.db,
) {
  const status = (body.status ?? 'ACTIVE') as PassportStatus;
  if (status !== 'ACTIVE' && status !== 'DRAFT')
    throw badRequest('status must be ACTIVE or DRAFT on creation');
  if (options.partial && status !== 'DRAFT') throw badRequest(PARTIAL_DRAFTS_ONLY);
  // Validation and lookups run before the transaction: the workspace's quota lock is held only for
  // the insert itself, so concurrent creates queue for as short a time as possible.
  const { warnings, notices, parties, ...values } = await preparePassport(within, actor, body, null, options);
  const unconfirmed = markersOf(body.unconfirmed, values, status);
  const row = await within.transaction(async (tx) => {
    await checkQuota(tx, actor.tenantId, status === 'ACTIVE' ? 1 : 0);
    const now = services.clock();
    const inserted = await store.insertPassport(tx, {
      tenantId: actor.tenantId,
      ...values,
      status,
      unconfirmed,
      createdAt: now,
      updatedAt: now,
    });
    // After the insert, so that a productId this workspace already has stays a plain CONFLICT.
    await claimProductKey(tx, keyOf(inserted));
    await auditPassport(tx, actor, now, 'passport.created', inserted);
    return inserted;
  });
  const document = withMarkers(await renderWritten(within, services.baseUrl, row, parties), row);
  return { row, document, warnings, notices };
}

export interface UpdateBody extends PassportBody {
  changeReason?: unknown;
}

/**
 * Replaces the given fields (metadata as a whole), validates the result and archives the old state;
 * answers the passport with its owner document, rendered from the parties the checks read. `within`
 * as for createPassport.
 */
export async function updatePassport(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  body: UpdateBody,
  /** `version`, for a change computed from a read: refused (409) unless the passport is still at it. */
  expect: { version?: number } & WriteOptions = {},
  within: Executor = services.db,
) {
  if (
    body.changeReason !== undefined &&
    body.changeReason !== null &&
    typeof body.changeReason !== 'string'
  ) {
    throw badRequest('changeReason must be a string');
  }
  const written = await within.transaction(async (tx) => {
    const row = await resolvePassport(tx, actor, reference, true);
    if (expect.version !== undefined && row.version !== expect.version) {
      throw conflict('The passport changed after it was read; read it again and repeat the change');
    }
    if (body.status !== undefined && body.status !== row.status) {
      throw badRequest('status changes go through PUT /api/v1/passports/{id}/status');
    }
    if (expect.partial && row.status !== 'DRAFT') throw badRequest(PARTIAL_DRAFTS_ONLY);
    const merged: PassportBody = {
      productId: body.productId ?? row.productId,
      category: body.category ?? row.category,
      originCountry: body.originCountry !== undefined ? body.originCountry : row.originCountry,
      operatorId: body.operatorId ?? row.operatorId,
      facilityId: body.facilityId !== undefined ? body.facilityId : row.facilityId,
      granularity: body.granularity ?? row.granularity,
      commodityCode: body.commodityCode !== undefined ? body.commodityCode : row.commodityCode,
      metadata: body.metadata !== undefined ? body.metadata : row.metadata,
    };
    const { warnings, notices, parties, ...values } = await preparePassport(
      tx,
      actor,
      merged,
      row.facilityId,
      { partial: expect.partial === true },
    );
    const reason = typeof body.changeReason === 'string' ? body.changeReason : null;
    // A value changed is a value confirmed; the markers of values left as they were stand.
    const unconfirmed = carriedMarkers(row, values);
    // New content is unsealed until sealed again; the archived version keeps its proof.
    const updated = await archiveAndUpdate(
      tx,
      services,
      actor,
      row,
      { ...values, ...UNSEALED, unconfirmed },
      reason,
    );
    if (changesProductKey(keyOf(row), keyOf(updated))) {
      await releaseProductKey(tx, keyOf(row));
      await claimProductKey(tx, keyOf(updated));
    }
    await auditPassport(tx, actor, updated.updatedAt, 'passport.updated', updated, { changeReason: reason });
    return { row: updated, parties, warnings, notices };
  });
  const { row, parties, warnings, notices } = written;
  const document = withMarkers(await renderWritten(within, services.baseUrl, row, parties), row);
  return { row, document, warnings, notices };
}

/**
 * The full validation of a stored passport, as on a strict create, and no value left unconfirmed
 * (ValidationFailed naming each when it fails).
 */
function assertComplete(row: store.PassportRow): void {
  const checked = checkPassportBody({
    productId: row.productId,
    category: row.category,
    granularity: row.granularity,
    ...(row.originCountry === null ? {} : { originCountry: row.originCountry }),
    ...(row.commodityCode === null ? {} : { commodityCode: row.commodityCode }),
    metadata: row.metadata,
  });
  const unconfirmed = unconfirmedFindings(row);
  if (checked.errors.length > 0 || unconfirmed.length > 0)
    throw new ValidationFailed({ ...checked, errors: [...checked.errors, ...unconfirmed] });
}

export async function changeStatus(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  to: PassportStatus,
  reason: string | undefined,
) {
  return services.db.transaction(async (tx) => {
    const row = await resolvePassport(tx, actor, reference, true);
    const from = row.status;
    if (!canMove(from, to)) throw conflict(`A passport cannot move from ${from} to ${to}`);
    // A draft may have been saved partial: leaving DRAFT is where its data is held to every rule.
    if (from === 'DRAFT') assertComplete(row);
    await checkQuota(tx, actor.tenantId, to === 'ACTIVE' && row.archivedAt === null ? 1 : 0);
    const at = services.clock();
    const retentionUntil =
      to === 'DECOMMISSIONED'
        ? new Date(Date.UTC(at.getUTCFullYear() + RETENTION_YEARS, at.getUTCMonth(), at.getUTCDate()))
        : null;
    const changeReason = `${moveName(from, to)}: status ${from} → ${to}${reason ? ` (${reason})` : ''}`;
    const moved = await archiveAndUpdate(
      tx,
      services,
      actor,
      row,
      { status: to, retentionUntil },
      changeReason,
    );
    await auditPassport(tx, actor, at, 'passport.status_changed', moved, { from, reason: reason ?? null });
    return moved;
  });
}

/** Only a draft may be deleted, and then permanently: nothing is archived. */
export async function deleteDraft(services: ServiceContext, actor: Actor, reference: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const row = await resolvePassport(tx, actor, reference, true);
    if (row.status !== 'DRAFT') {
      throw conflict(
        `Only DRAFT passports can be deleted; this one is ${row.status}. Decommission it instead`,
      );
    }
    await releaseProductKey(tx, keyOf(row));
    await store.deletePassport(tx, actor.tenantId, row.id);
    await auditPassport(tx, actor, services.clock(), 'passport.deleted', row);
  });
}

export interface SealFieldValues {
  digitalSeal: unknown;
  signingPublicKey: unknown;
  proof: unknown;
}

/** Makes the seal of a rendered document, inside the sealing transaction. */
export type SealMaker = (
  tx: Executor,
  document: Record<string, unknown>,
  facts: { passportId: string; version: number; sealedAt: Date; tenantId: string },
) => Promise<SealFieldValues & { keyId: string; backup?: BackupState | null }>;

/**
 * Seals the current content as a new version: the replaced state is archived, the new one carries
 * the seal, and the audit record is written, all in one transaction. Drafts are not published and
 * are refused; lifecycle states are outside the seal, so a recalled or decommissioned passport may
 * be sealed.
 */
export async function sealPassport(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  makeSeal: SealMaker,
) {
  return services.db.transaction(async (tx) => {
    const row = await resolvePassport(tx, actor, reference, true);
    if (row.status === 'DRAFT') {
      throw conflict('A DRAFT passport is not published and cannot be sealed; publish it first');
    }
    const moved = await archiveAndUpdate(tx, services, actor, row, UNSEALED, 'seal');
    const document = await documentRenderer(tx, services.baseUrl)(moved);
    const { keyId, ...fields } = await makeSeal(tx, document as Record<string, unknown>, {
      passportId: moved.id,
      version: moved.version,
      sealedAt: moved.updatedAt,
      tenantId: moved.tenantId,
    });
    await store.updatePassport(tx, moved.tenantId, moved.id, fields);
    // The hash is of the document as sealed and served, so it is taken from the sealed row's text.
    const sealed = await hashSealedPassport(tx, services.baseUrl, {
      ...moved,
      ...fields,
    } as store.PassportRow);
    await auditPassport(tx, actor, moved.updatedAt, 'passport.sealed', sealed, { keyId });
    await announceUpdateDue(tx, actor, sealed);
    return sealed;
  });
}
