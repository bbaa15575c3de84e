// Rendering a stored passport into its owner document. The text form is what GET serves and what
// a version archives, from one function, so the two can never differ by a byte. Apart from
// service.ts because the files it builds on (versions, party changes, backups) render too.
import type { Executor } from '../../db/client.ts';
import type { facilities, operators } from '../../db/schema.ts';
import type { EconomicOperatorObject, PassportState } from '../../domain/passports/document.ts';
import { renderPassportDocument } from '../../domain/passports/document.ts';
import {
  type FacilityRecord,
  getFacility,
  toFacilityRecord,
  toPublicFacility,
} from '../facilities/service.ts';
import {
  getOperator,
  type OperatorRecord,
  toEconomicOperatorObject,
  toOperatorRecord,
} from '../operators/service.ts';
import type { PassportRow } from './store.ts';

type OperatorRow = typeof operators.$inferSelect;
type FacilityRow = typeof facilities.$inferSelect;

export function toState(row: PassportRow): PassportState {
  return {
    id: row.id,
    productId: row.productId,
    productIdScheme: row.productIdScheme as PassportState['productIdScheme'],
    category: row.category,
    originCountry: row.originCountry,
    granularity: row.granularity,
    commodityCode: row.commodityCode,
    status: row.status,
    metadata: row.metadata,
    archivedAt: row.archivedAt,
    retentionUntil: row.retentionUntil,
    digitalSeal: row.digitalSeal,
    signingPublicKey: row.signingPublicKey,
    proof: row.proof,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Renders passports, reading each operator and facility once however many passports share them. */
export function documentRenderer(db: Executor, baseUrl: string) {
  const operators = new Map<string, Promise<EconomicOperatorObject>>();
  const facilities = new Map<string, Promise<Record<string, unknown> | null>>();

  const operatorOf = (tenantId: string, id: string) => {
    let found = operators.get(id);
    if (!found) {
      found = getOperator(db, tenantId, id).then((record) => {
        if (!record) throw new Error(`passport references missing operator ${id}`);
        return toEconomicOperatorObject(record) as EconomicOperatorObject;
      });
      operators.set(id, found);
    }
    return found;
  };
  const facilityOf = (tenantId: string, id: string | null) => {
    if (id === null) return Promise.resolve(null);
    let found = facilities.get(id);
    if (!found) {
      found = getFacility(db, tenantId, id).then((record) => (record ? toPublicFacility(record) : null));
      facilities.set(id, found);
    }
    return found;
  };

  return async (row: PassportRow) => {
    // Both lookups at once: a passport with a facility costs one round trip more, not two.
    const [economicOperator, manufacturingFacility] = await Promise.all([
      operatorOf(row.tenantId, row.operatorId),
      facilityOf(row.tenantId, row.facilityId),
    ]);
    return renderPassportDocument({
      passport: toState(row),
      economicOperator,
      manufacturingFacility,
      baseUrl,
    });
  };
}

/** Renders a passport whose operator and facility rows were read with it (one round trip). */
export function renderWithParties(
  baseUrl: string,
  found: { passport: PassportRow; operator: OperatorRow; facility: FacilityRow | null },
) {
  return renderPassportDocument({
    passport: toState(found.passport),
    economicOperator: toEconomicOperatorObject(toOperatorRecord(found.operator)) as EconomicOperatorObject,
    manufacturingFacility: found.facility ? toPublicFacility(toFacilityRecord(found.facility)) : null,
    baseUrl,
  });
}

/**
 * Renders a passport just written from the operator and facility its write read to check them
 * (ingest.ts), so that the answer to a create or an update costs no read of its own.
 */
export async function renderWritten(
  db: Executor,
  baseUrl: string,
  row: PassportRow,
  parties: { operator: OperatorRecord | null; facility: FacilityRecord | null },
) {
  const { operator, facility } = parties;
  // Rows the write did not read (a write always reads them): read as any other render would.
  const read = operator?.id === row.operatorId && (facility?.id ?? null) === row.facilityId;
  if (!operator || !read) return documentRenderer(db, baseUrl)(row);
  return renderPassportDocument({
    passport: toState(row),
    economicOperator: toEconomicOperatorObject(operator) as EconomicOperatorObject,
    manufacturingFacility: facility ? toPublicFacility(facility) : null,
    baseUrl,
  });
}

export async function renderOwnerText(db: Executor, baseUrl: string, row: PassportRow): Promise<string> {
  return JSON.stringify(await documentRenderer(db, baseUrl)(row));
}
