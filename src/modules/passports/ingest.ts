// Turns a passport body into the state to store: identity normalised, GTIN copied where the category
// wants it, operator and facility resolved, metadata validated. Shared by create, update and bulk.

import { type Actor, assertOperatorScope, scopedOperator } from '../../core/actor.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { advisory } from '../../domain/categories/advisories.ts';
import { errorsFound, listsFewer } from '../../domain/categories/engine.ts';
import type { AdvisoryItem, Granularity, ValidationResult } from '../../domain/categories/types.ts';
import { normaliseCommodityCode } from '../../domain/passports/commodity-code.ts';
import { checkPassportBody } from '../../domain/passports/create-body.ts';
import { copyGtinIntoMetadata } from '../../domain/passports/gtin-copy.ts';
import { productIdentity } from '../../domain/passports/identity.ts';
import { type FacilityRecord, getFacility } from '../facilities/service.ts';
import { getOperator, type OperatorRecord, onlyOperator } from '../operators/service.ts';

export interface PassportBody {
  productId?: unknown;
  category?: unknown;
  originCountry?: unknown;
  operatorId?: unknown;
  facilityId?: unknown;
  granularity?: unknown;
  commodityCode?: unknown;
  status?: unknown;
  metadata?: unknown;
}

export interface PreparedPassport {
  productId: string;
  productIdScheme: 'GTIN' | 'GRAI' | 'SKU';
  category: string;
  originCountry: string | null;
  operatorId: string;
  facilityId: string | null;
  granularity: Granularity;
  commodityCode: string | null;
  metadata: unknown;
  warnings: AdvisoryItem[];
  notices: AdvisoryItem[];
  /**
   * The operator and facility as read to check them, so that the written passport's document is
   * rendered from them rather than read again. The operator is null only when it has gone (the
   * insert then fails on its reference).
   */
  parties: { operator: OperatorRecord | null; facility: FacilityRecord | null };
}

/**
 * The ValidationFailed error of a failed check: its errors and warnings as listed, `omitted` with
 * the findings only counted, `truncated` when there are or may be more than listed
 * (docs/validation.md). The check's result stays on the error for callers that summarise it.
 */
export class ValidationFailed extends AppError {
  constructor(readonly checked: ValidationResult) {
    const { errors, warnings, omitted } = checked;
    const summary = errors
      .slice(0, 3)
      .map((item) => `${item.path ?? ''}: ${item.message}`)
      .join('; ');
    super('VALIDATION_FAILED', `Passport data is invalid (${errorsFound(checked)} error(s)): ${summary}`, {
      extra: {
        errors,
        warnings,
        ...(listsFewer(checked) ? { truncated: true } : {}),
        ...(omitted ? { omitted } : {}),
      },
    });
  }
}

async function resolveOperator(
  db: Executor,
  actor: Actor,
  requested: unknown,
  notices: AdvisoryItem[],
): Promise<{ id: string; record: OperatorRecord | null }> {
  if (requested !== undefined && requested !== null) {
    if (typeof requested !== 'string') throw badRequest('operatorId must be a string');
    const operatorId = scopedOperator(actor, requested, 'passport') ?? requested;
    const operator = await getOperator(db, actor.tenantId, operatorId);
    if (!operator) throw badRequest('operatorId does not name an operator of this workspace');
    if (operator.archivedAt) throw badRequest('operatorId names an archived operator; restore it first');
    return { id: operator.id, record: operator };
  }
  const own = scopedOperator(actor, undefined, 'passport');
  if (own !== undefined) return { id: own, record: await getOperator(db, actor.tenantId, own) };
  const only = await onlyOperator(db, actor.tenantId);
  if (!only) {
    throw badRequest(
      'operatorId is required: the workspace has no single economic operator to attribute the passport to',
    );
  }
  notices.push(advisory('OPERATOR_AUTO_ATTRIBUTED', { operator: only.economicOperatorId }, '/operatorId'));
  return { id: only.id, record: only };
}

/**
 * An operator-scoped key may attach only its own operator's facilities, as it may only read those.
 * A facility the passport already has (attached by a workspace-wide key) is kept without a check.
 */
async function resolveFacility(
  db: Executor,
  actor: Actor,
  requested: unknown,
  current: string | null,
): Promise<FacilityRecord | null> {
  if (requested === undefined || requested === null) return null;
  if (typeof requested !== 'string') throw badRequest('facilityId must be a string');
  const facility = await getFacility(db, actor.tenantId, requested);
  if (!facility) throw badRequest('facilityId does not name a facility of this workspace');
  if (facility.id !== current) assertOperatorScope(actor, facility.operatorId, 'facility');
  return facility;
}

/**
 * A partial draft (docs/passports.md, "Partial drafts") may lack required metadata fields: those
 * findings are left out, every other one still refuses. Checks that stopped at their limit cannot
 * say what lies beyond it, so a truncated result is judged in full.
 */
function withoutMissingMetadata(checked: ValidationResult): ValidationResult {
  if (checked.truncated) return checked;
  const missing = (item: AdvisoryItem) =>
    item.code === 'REQUIRED_FIELD_MISSING' && (item.path ?? '').startsWith('/metadata/');
  // Those only counted are metadata fields too: the body's own few come first and are listed.
  const { REQUIRED_FIELD_MISSING: _missing, ...omitted } = checked.omitted ?? {};
  const { omitted: _all, ...rest } = checked;
  return {
    ...rest,
    errors: checked.errors.filter((item) => !missing(item)),
    ...(Object.keys(omitted).length > 0 ? { omitted } : {}),
  };
}

export async function preparePassport(
  db: Executor,
  actor: Actor,
  body: PassportBody,
  currentFacilityId: string | null = null,
  options: { partial?: boolean } = {},
): Promise<PreparedPassport> {
  const notices: AdvisoryItem[] = [];
  let metadata = body.metadata;
  const identity = typeof body.productId === 'string' ? productIdentity(body.productId) : null;
  if (identity?.scheme === 'GTIN' && typeof body.category === 'string') {
    const copied = copyGtinIntoMetadata(body.category, metadata, identity.productId);
    metadata = copied.metadata;
    if (copied.notice) notices.push(copied.notice);
  }
  const full = checkPassportBody({ ...body, metadata } as Record<string, unknown>);
  const checked = options.partial ? withoutMissingMetadata(full) : full;
  if (checked.errors.length > 0 || !identity) throw new ValidationFailed(checked);

  const operator = await resolveOperator(db, actor, body.operatorId, notices);
  const facility = await resolveFacility(db, actor, body.facilityId, currentFacilityId);
  return {
    productId: identity.productId,
    productIdScheme: identity.scheme,
    category: body.category as string,
    originCountry: typeof body.originCountry === 'string' ? body.originCountry : null,
    operatorId: operator.id,
    facilityId: facility?.id ?? null,
    granularity: (body.granularity as Granularity | undefined) ?? 'model',
    commodityCode: normaliseCommodityCode(body.commodityCode),
    metadata,
    warnings: checked.warnings,
    notices: [...notices, ...checked.notices],
    parties: { operator: operator.record, facility },
  };
}
