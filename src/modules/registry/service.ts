// Registry readiness (docs/registry.md): each passport's (and unit's) record as the EU DPP registry
// keeps it, the checks the registry makes of it made first, the files to upload, and the
// registrations the registry answered with their proofs. A module of its own above sealing, units
// and backup-origin: a record reads the passport, its units, its backup copy and the node's own
// public answer.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { mapBounded } from '../../core/bounded-map.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { hasValidCheckDigit } from '../../domain/gs1/check-digit.ts';
import { productName } from '../../domain/passports/key-figures.ts';
import { type SubmissionFormat, submissionFiles, zipOf } from '../../domain/registry/files.ts';
import { registryEntry } from '../../domain/registry/mapping.ts';
import {
  commodityCheck,
  facilityCheck,
  fieldsMatch,
  identifierChecks,
  operatorCheck,
  type RegistryCheck,
  type RegistryRecord,
  readyOf,
  sealedCheck,
} from '../../domain/registry/record.ts';
import { recordChange } from '../audit/service.ts';
import { type HeldCopyMemory, type HeldCopyReuse, heldCopy } from '../backup-origin/service.ts';
import {
  noteRegistered,
  publishedPassportIds,
  registrySubject,
  registryUpdateDue,
  resolvePassport,
  versionHashAt,
} from '../passports/service.ts';
import { listPassportUnits, unitView } from '../units/service.ts';
import type { TargetPolicy } from '../webhooks/service.ts';
import { resolvesCheck, type SelfResolve } from './resolves.ts';
import * as store from './store.ts';

export type { SelfResolve } from './resolves.ts';

export interface RegistryContext extends ServiceContext {
  /** The node asked in process, as the registry asks it over the network. */
  resolve: SelfResolve;
  /**
   * The backup target rules the BACKUP_HELD check asks the target's copy under, and the targets'
   * answers remembered (one memory per node process, shared by the API and the console).
   */
  backups: { policy: TargetPolicy; timeoutMs: number; memory: HeldCopyMemory };
}

/** How many passports the overview and the upload files check at once. */
const CHECKED_AT_ONCE = 8;

export interface Evaluation {
  record: RegistryRecord;
  checks: RegistryCheck[];
  ready: boolean;
  updateDue: boolean;
}

export interface RegistrationRecord {
  id: string;
  registrationId: string;
  registeredAt: string;
  version: number;
  versionHash: string | null;
  proof: { contentType: string; bytes: number; url: string } | null;
  recordedBy: string;
  recordedAt: string;
}

function toRegistration(baseUrl: string, row: store.RegistrationListed): RegistrationRecord {
  return {
    id: row.id,
    registrationId: row.registrationId,
    registeredAt: row.registeredAt.toISOString(),
    version: row.version,
    versionHash: row.versionHash,
    proof:
      row.proofType && row.proofBytes !== null
        ? {
            contentType: row.proofType,
            bytes: row.proofBytes,
            url: `${baseUrl}/api/v1/passports/${row.passportId}/registrations/${row.id}/proof`,
          }
        : null,
    recordedBy: row.recordedBy,
    recordedAt: row.createdAt.toISOString(),
  };
}

const servedFacts = (served: Record<string, unknown> | null) => {
  if (!served) return null;
  const model = (served.ofModel ?? served) as Record<string, unknown>;
  const facility = model.manufacturingFacility as { gln?: unknown } | null | undefined;
  return {
    economicOperatorId: served.economicOperatorId,
    facilityId: facility?.gln ?? null,
    granularity: served.granularity,
    dppStatus: served.dppStatus,
  };
};

/**
 * A passport's record and every check of it. `reuse` says which remembered answers of the backup
 * targets it takes: a held copy only for one record, any for the overview and the upload files.
 */
async function evaluatePassport(
  context: RegistryContext,
  actor: Actor,
  reference: string,
  reuse: HeldCopyReuse = 'held',
) {
  const { row, operator, facility, document } = await registrySubject(context, actor, reference);
  const seal = row.digitalSeal as { version?: unknown } | null;
  const sealedVersion = typeof seal?.version === 'number' ? seal.version : null;
  const sealed = sealedVersion === row.version && row.versionHash !== null;
  const versionHash = sealed ? row.versionHash : null;
  const heldUri =
    row.backup?.status === 'held' && row.backup.version === row.version ? (row.backup.uri ?? null) : null;
  const backup =
    sealed && versionHash
      ? await heldCopy(
          context.db,
          { masterKey: context.sealing.masterKey, ...context.backups, reuse, clock: context.clock },
          { tenantId: row.tenantId, passportId: row.id, version: row.version, versionHash },
        )
      : { held: false, message: `Version ${row.version} is not sealed, so no backup target can hold it` };
  const record: RegistryRecord = {
    uniqueProductIdentifier: document.uniqueProductIdentifier,
    granularity: row.granularity,
    economicOperatorId: operator.economicOperatorId,
    facilityId: facility?.gln ?? null,
    commodityCode: row.commodityCode,
    backupLink: ('uri' in backup && backup.uri) || heldUri,
    versionHash,
    version: row.version,
    dppSchemaVersion: document.dppSchemaVersion,
    dppStatus: document.dppStatus,
    lastUpdated: document.lastUpdated,
  };
  const resolved = await resolvesCheck(
    context.resolve,
    record.uniqueProductIdentifier,
    context.baseUrl,
    row.granularity === 'item',
  );
  const checks: RegistryCheck[] = [
    ...identifierChecks(record.uniqueProductIdentifier),
    resolved.check,
    fieldsMatch(record, servedFacts(resolved.served)),
    operatorCheck(operator),
    facilityCheck(facility, hasValidCheckDigit),
    commodityCheck(row.category, row.commodityCode),
    sealedCheck(row.version, sealedVersion),
    { code: 'BACKUP_HELD', ok: backup.held, message: backup.message, field: 'backupLink' },
  ];
  return {
    row,
    operator,
    facility,
    record,
    checks,
    ready: readyOf(checks),
    updateDue: registryUpdateDue(row),
  };
}

export async function passportRecord(context: RegistryContext, actor: Actor, reference: string) {
  const evaluated = await evaluatePassport(context, actor, reference);
  const rows = await store.listRegistrations(context.db, actor.tenantId, evaluated.row.id);
  return {
    record: evaluated.record,
    checks: evaluated.checks,
    ready: evaluated.ready,
    updateDue: evaluated.updateDue,
    registrations: rows.map((row) => toRegistration(context.baseUrl, row)),
  };
}

type PassportEvaluation = Awaited<ReturnType<typeof evaluatePassport>>;

async function evaluateUnit(
  context: RegistryContext,
  actor: Actor,
  id: string,
  modelOf: (passportId: string) => Promise<PassportEvaluation>,
): Promise<Evaluation> {
  const { view } = await unitView(context, actor, id);
  const model = await modelOf(view.ofModel.id);
  const record: RegistryRecord = {
    uniqueProductIdentifier: view.uniqueProductIdentifier,
    granularity: 'item',
    economicOperatorId: view.economicOperatorId,
    facilityId: model.record.facilityId,
    commodityCode: model.record.commodityCode,
    backupLink: model.record.backupLink,
    versionHash: model.record.versionHash,
    version: model.record.version,
    dppSchemaVersion: view.dppSchemaVersion,
    dppStatus: view.dppStatus,
    lastUpdated: view.lastUpdated,
    modelIdentifier: model.record.uniqueProductIdentifier,
  };
  const resolved = await resolvesCheck(
    context.resolve,
    record.uniqueProductIdentifier,
    context.baseUrl,
    true,
  );
  const failed = model.checks.filter((item) => !item.ok).map((item) => item.code);
  const checks: RegistryCheck[] = [
    ...identifierChecks(record.uniqueProductIdentifier),
    resolved.check,
    fieldsMatch(record, servedFacts(resolved.served)),
    operatorCheck(model.operator),
    facilityCheck(model.facility, hasValidCheckDigit),
    commodityCheck(model.row.category, model.row.commodityCode),
    {
      code: 'MODEL_LINKED',
      ok: model.ready,
      message: model.ready
        ? `The model's record (${record.modelIdentifier}) is ready`
        : `The model's record is not ready (${failed.join(', ')}): make the model passport ready first`,
      field: 'modelIdentifier',
    },
  ];
  return { record, checks, ready: readyOf(checks), updateDue: false };
}

export async function unitRecord(context: RegistryContext, actor: Actor, id: string) {
  const evaluated = await evaluateUnit(context, actor, id, (passportId) =>
    evaluatePassport(context, actor, passportId),
  );
  return { ...evaluated, registrations: [] as RegistrationRecord[] };
}

export interface SubmissionsQuery {
  status: 'ready' | 'updateDue';
  format: SubmissionFormat;
  units: boolean;
}

const UNIT_PAGE = 200;

/**
 * The files to upload: one entry per passport that is ready and not registered yet (`ready`), or
 * ready and registered at an older version (`updateDue`); with `units`, one per ready unit of those
 * passports too. Files of at most 100 entries, in one ZIP.
 */
export async function submissions(context: RegistryContext, actor: Actor, query: SubmissionsQuery) {
  const ids = await publishedPassportIds(context.db, actor);
  const registered = await store.registeredAmong(context.db, actor.tenantId, ids);
  const evaluations = await mapBounded(ids, CHECKED_AT_ONCE, (id) =>
    evaluatePassport(context, actor, id, 'any'),
  );
  const entries = [];
  for (const evaluated of evaluations) {
    const id = evaluated.row.id;
    if (!evaluated.ready) continue;
    const wanted = query.status === 'ready' ? !registered.has(id) : evaluated.updateDue;
    if (!wanted) continue;
    entries.push(registryEntry(evaluated.record));
    if (!query.units) continue;
    for (let page = 1; ; page += 1) {
      const { units, total } = await listPassportUnits(context, actor, id, { page, limit: UNIT_PAGE });
      for (const unit of units) {
        const unitEvaluation = await evaluateUnit(context, actor, unit.id, async () => evaluated);
        if (unitEvaluation.ready) entries.push(registryEntry(unitEvaluation.record));
      }
      if (page * UNIT_PAGE >= total) break;
    }
  }
  const now = context.clock();
  const files = submissionFiles(
    entries,
    query.format,
    now,
    query.status === 'ready' ? 'registrations' : 'updates',
  );
  return { zip: await zipOf(files, now), entries: entries.length, files: files.length };
}

/** A passport the overview lists: named by its product, with the checks it fails, in order. */
export interface ListedPassport {
  id: string;
  productId: string;
  name: string | null;
  version: number;
  failed: RegistryCheck[];
}

export interface ReadinessOverview {
  counts: { ready: number; notReady: number; registered: number; updateDue: number };
  /** The passports not ready, oldest first: the first `listed` of them, and how many in all. */
  notReady: { total: number; passports: ListedPassport[] };
  /** The passports due a registry update, oldest first, as `notReady`. */
  updateDue: { total: number; passports: ListedPassport[] };
}

/** How many passports the overview lists of each kind at most. */
export const OVERVIEW_LISTED = 50;

/**
 * How many passports are ready, not ready, registered and due an update, and which are not ready
 * (with the checks they fail) or due an update: the overview. Passports are checked
 * `CHECKED_AT_ONCE` at a time, with the backup targets' remembered answers.
 */
export async function readinessOverview(
  context: RegistryContext,
  actor: Actor,
  listed = OVERVIEW_LISTED,
): Promise<ReadinessOverview> {
  const ids = await publishedPassportIds(context.db, actor);
  const registered = await store.registeredAmong(context.db, actor.tenantId, ids);
  const evaluations = await mapBounded(ids, CHECKED_AT_ONCE, (id) =>
    evaluatePassport(context, actor, id, 'any'),
  );
  const overview: ReadinessOverview = {
    counts: { ready: 0, notReady: 0, registered: registered.size, updateDue: 0 },
    notReady: { total: 0, passports: [] },
    updateDue: { total: 0, passports: [] },
  };
  const add = (list: ReadinessOverview['notReady'], evaluated: PassportEvaluation) => {
    list.total += 1;
    if (list.passports.length >= listed) return;
    const { row } = evaluated;
    list.passports.push({
      id: row.id,
      productId: row.productId,
      name: productName(row.metadata),
      version: row.version,
      failed: evaluated.checks.filter((check) => !check.ok),
    });
  };
  for (const evaluated of evaluations) {
    if (evaluated.ready) overview.counts.ready += 1;
    else {
      overview.counts.notReady += 1;
      add(overview.notReady, evaluated);
    }
    if (evaluated.updateDue) {
      overview.counts.updateDue += 1;
      add(overview.updateDue, evaluated);
    }
  }
  return overview;
}

/** How many passports are ready, not ready, registered, and due an update: the API's overview. */
export async function readinessCounts(context: RegistryContext, actor: Actor) {
  return (await readinessOverview(context, actor, 0)).counts;
}

export interface RegistrationInput {
  registrationId: string;
  registeredAt: string;
  version: number;
  proof?: string;
}

export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

function decodeProof(text: string): { bytes: Buffer; type: string } {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) {
    throw badRequest("proof must be base64 (the registry's PDF or signed file)");
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) throw badRequest('proof is empty');
  if (bytes.length > MAX_PROOF_BYTES) throw badRequest('proof is larger than 5 MiB');
  const head = bytes.subarray(0, 5).toString('latin1');
  const type =
    head === '%PDF-'
      ? 'application/pdf'
      : head.startsWith('<?xml') || head.startsWith('<')
        ? 'application/xml'
        : bytes[0] === 0x7b
          ? 'application/json'
          : 'application/octet-stream';
  return { bytes, type };
}

/** Records what the registry answered, append-only and audited, in one transaction. */
export async function recordRegistration(
  context: ServiceContext,
  actor: Actor,
  reference: string,
  input: RegistrationInput,
): Promise<RegistrationRecord> {
  const registeredAt = new Date(input.registeredAt);
  if (Number.isNaN(registeredAt.getTime())) throw badRequest('registeredAt must be a date-time');
  const now = context.clock();
  if (registeredAt.getTime() > now.getTime() + 5 * 60_000)
    throw badRequest('registeredAt lies in the future');
  const proof = input.proof === undefined ? null : decodeProof(input.proof);
  return context.db.transaction(async (tx) => {
    const row = await resolvePassport(tx, actor, reference, true);
    if (row.status === 'DRAFT')
      throw badRequest('A DRAFT passport is not published and cannot be registered');
    if (input.version > row.version) {
      throw badRequest(
        `version ${input.version} does not exist yet: the passport is at version ${row.version}`,
      );
    }
    const versionHash = await versionHashAt(tx, row, input.version);
    const written = await store.insertRegistration(tx, {
      tenantId: actor.tenantId,
      passportId: row.id,
      registrationId: input.registrationId,
      registeredAt,
      version: input.version,
      versionHash,
      proof: proof ? proof.bytes.toString('base64') : null,
      proofType: proof?.type ?? null,
      proofBytes: proof?.bytes.length ?? null,
      recordedBy: actor.changedBy,
      createdAt: now,
    });
    await noteRegistered(tx, row, versionHash);
    await recordChange(tx, actor.tenantId, actor.changedBy, now, {
      action: 'passport.registered',
      subjectType: 'passport',
      subjectId: row.id,
      details: {
        productId: row.productId,
        registrationId: input.registrationId,
        version: input.version,
        versionHash,
        proofBytes: proof?.bytes.length ?? null,
      },
    });
    return toRegistration(context.baseUrl, written);
  });
}

export async function listRegistrationsOf(context: ServiceContext, actor: Actor, reference: string) {
  const row = await resolvePassport(context.db, actor, reference);
  const rows = await store.listRegistrations(context.db, actor.tenantId, row.id);
  return rows.map((item) => toRegistration(context.baseUrl, item));
}

/** The proof of a registration, for the passport's owner. */
export async function registrationProof(
  context: ServiceContext,
  actor: Actor,
  reference: string,
  id: string,
) {
  const row = await resolvePassport(context.db, actor, reference);
  const found = await store.findProof(context.db, actor.tenantId, row.id, id);
  if (!found?.proof) throw notFound('Proof not found');
  return { bytes: Buffer.from(found.proof, 'base64'), type: found.proofType ?? 'application/octet-stream' };
}
