// Serialising units under a type-level passport, and its dry run. Per-item failures are strings that
// never reject the batch; the units, the predecessors' STATUS_CHANGE events, the audit events and the
// notification are written in one transaction, each kind with one statement.
// Apart from service.ts, which hands it on as the module's surface, so the batch reads as one piece.

import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { badRequest } from '../../core/errors.ts';
import type { RowProblems } from '../../core/row-problems.ts';
import { advisory } from '../../domain/categories/advisories.ts';
import type { AdvisoryItem } from '../../domain/categories/types.ts';
import { TERMINAL_STATUS } from '../../domain/units/status.ts';
import { checkUnit, itemLabel, type PassportIdentity, unitItems } from '../../domain/units/unit-input.ts';
import { recordChange } from '../audit/service.ts';
import { resolvePassportByIdOrProductId } from '../passports/service.ts';
import { insertEvents, type NewEvent } from './event-store.ts';
import { checkPredecessors, type Linked, linkPredecessors } from './predecessors.ts';
import { insertUnits, type UnitRow } from './store.ts';

function itemsOf(body: unknown): unknown[] {
  const envelope = unitItems(body);
  if ('message' in envelope) throw badRequest(envelope.message);
  return envelope.items;
}

const identityOf = (baseUrl: string, passport: { productIdScheme: string; productId: string }) => ({
  baseUrl,
  scheme: passport.productIdScheme,
  productId: passport.productId,
});

/** A row the body check refused (see http/json-body.ts) fails as an item, with that reason. */
function checkItem(
  item: unknown,
  index: number,
  identity: PassportIdentity,
  full: boolean,
  refused: RowProblems,
) {
  const problem = refused?.get(index);
  if (problem) return { serialNumber: null, problems: [problem.message], candidate: null };
  return checkUnit(item, identity, full);
}

export async function validateUnits(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  body: unknown,
  refused: RowProblems = null,
) {
  const passport = await resolvePassportByIdOrProductId(services.db, actor, reference);
  const items = itemsOf(body);
  const identity: PassportIdentity = identityOf(services.baseUrl, passport);
  const results = items.map((item, index) => {
    const checked = checkItem(item, index, identity, false, refused);
    return checked.problems.length === 0
      ? { serialNumber: checked.serialNumber, ok: true }
      : { serialNumber: checked.serialNumber, ok: false, error: checked.problems.join('; ') };
  });
  const validCount = results.filter((result) => result.ok).length;
  const invalid = results.length - validCount;
  return {
    success: invalid === 0,
    message:
      invalid === 0
        ? `All ${results.length} units are valid`
        : `${invalid} of ${results.length} units are invalid`,
    count: results.length,
    validCount,
    results,
  };
}

export interface SerialiseOutcome {
  created: UnitRow[];
  errors: string[];
  warnings: AdvisoryItem[];
}

export async function serialiseUnits(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  body: unknown,
  refused: RowProblems = null,
): Promise<SerialiseOutcome> {
  return services.db.transaction(async (tx) => {
    const passport = await resolvePassportByIdOrProductId(tx, actor, reference);
    const items = itemsOf(body);
    const identity = identityOf(services.baseUrl, passport);
    const now = services.clock();
    const errors: { index: number; text: string }[] = [];
    const serials = new Set<string>();
    // Each unit row is built once and kept whole beside its item's place in the request: copying
    // rows into and out of wider objects (spread, rest) cost more than building them.
    const pending: (Linked & { unit: UnitRow })[] = [];

    for (const [index, item] of items.entries()) {
      const { serialNumber, problems, candidate } = checkItem(item, index, identity, true, refused);
      const label = itemLabel(serialNumber, index);
      if (!candidate) errors.push({ index, text: `${label} ${problems.join('; ')}` });
      else if (serials.has(candidate.serialNumber)) {
        errors.push({ index, text: duplicate(label, candidate.serialNumber) });
      } else {
        serials.add(candidate.serialNumber);
        pending.push({
          index,
          label,
          predecessorStatus: candidate.predecessorStatus,
          unit: newUnitRow(actor.tenantId, passport.id, candidate, now),
        });
      }
    }

    const linked = await checkPredecessors(tx, actor, pending);
    for (const refusal of linked.refused) errors.push(refusal);
    const ready = pending.filter((item) => !linked.refusedIndexes.has(item.index));

    const inserted = await insertUnits(
      tx,
      ready.map((item) => item.unit),
    );
    const created = ready.filter((item) => inserted.has(item.unit.id));
    for (const item of ready) {
      if (!inserted.has(item.unit.id))
        errors.push({ index: item.index, text: duplicate(item.label, item.unit.serialNumber) });
    }
    const units = created.map((item) => item.unit);

    if (created.length > 0) {
      const events: NewEvent[] = await linkPredecessors(tx, actor.tenantId, created, now);
      await insertEvents(tx, events);
      // One audit event per serialisation (the contract names one), listing the units it made.
      await recordChange(
        tx,
        actor.tenantId,
        actor.changedBy,
        now,
        {
          action: 'batteryunit.created',
          subjectType: 'passport',
          subjectId: passport.id,
          details: {
            count: units.length,
            units: units.map((unit) => ({ id: unit.id, serialNumber: unit.serialNumber })),
          },
        },
        {
          kind: 'batteryunit.created',
          message: `${units.length} battery unit${units.length === 1 ? '' : 's'} serialised under ${passport.productId}`,
          details: { passportId: passport.id, count: units.length, unitIds: units.map((unit) => unit.id) },
        },
      );
    }

    const warnings =
      passport.productIdScheme === 'SKU'
        ? units.map((unit) => advisory('UNIT_NO_SCANNABLE_LINK', { unit: unit.serialNumber }))
        : [];
    return {
      created: units,
      errors: errors.sort((a, b) => a.index - b.index).map((error) => error.text),
      warnings,
    };
  });
}

const duplicate = (label: string, serial: string) =>
  `${label} serialNumber ${serial} already exists for this passport`;

function newUnitRow(
  tenantId: string,
  passportId: string,
  candidate: NonNullable<ReturnType<typeof checkUnit>['candidate']>,
  now: Date,
): UnitRow {
  return {
    tenantId,
    id: randomUUID(),
    passportId,
    serialNumber: candidate.serialNumber,
    digitalLinkUri: candidate.digitalLinkUri,
    manufacturedAt: candidate.manufacturedAt,
    status: candidate.status,
    // Recycled at birth: ceased from the start, and so never a predecessor.
    ceasedAt: candidate.status === TERMINAL_STATUS ? now : null,
    predecessorUnitId: candidate.predecessorUnitId,
    stateOfHealth: null,
    cycleCount: null,
    remainingCapacityAh: null,
    temperatureC: null,
    stateRecordedAt: null,
    stateEventId: null,
    createdAt: now,
    updatedAt: now,
  };
}
