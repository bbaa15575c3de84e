// Public resolution: find what a URL names (a passport by id or GS1 key, a unit), decide the
// caller's tier (owner key, covering grant, or public) and build the tier's view.
import type { ServiceContext } from '../../context.ts';
import type { PassportSubject, UnitFacts, UnitSubject } from '../../core/representations.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import { contextUrl } from '../../domain/passports/document.ts';
import { rankOf, tierView } from '../../domain/passports/tier-view.ts';
import { unitDigitalLinkUri } from '../../domain/units/link.ts';
import { renderUnitView } from '../../domain/units/view.ts';
import { publishedPassportWithParties, renderWithParties } from '../passports/service.ts';
import { findUnitById, newestEventsOf, successorsOf, type UnitRow } from '../units/service.ts';
import type { ActiveGrant, GrantAccess } from './grant-access.ts';
import type { Viewer } from './viewer.ts';

export const requestAccessUrl = (baseUrl: string, passportId: string) =>
  `${baseUrl}/request-access/${passportId}`;

export interface Reader {
  tier: AccessTier;
  grant: ActiveGrant | null;
}

/** The caller's tier for a passport: its workspace's key (within operator scope), a covering grant, or public. */
export async function readerOf(
  services: ServiceContext,
  grants: GrantAccess,
  viewer: Viewer,
  passport: { tenantId: string; id: string; operatorId: string; status: string },
): Promise<Reader> {
  if (viewer.kind === 'key') {
    const { tenant, key } = viewer.principal;
    const inScope = key.operatorId === null || key.operatorId === passport.operatorId;
    if (tenant.id === passport.tenantId && inScope) return { tier: 'owner', grant: null };
  }
  if (viewer.kind === 'grant') {
    // A revoked, expired or non-covering grant reads as no grant on resolution.
    const grant = await grants.find(services, viewer.token);
    if (grant && grants.covers(grant, passport)) return { tier: grant.tier, grant };
  }
  return { tier: 'public', grant: null };
}

export type PassportKey = { id: string } | { productId: string };

/** A published passport with its operator and facility, read in one round trip. */
export type FoundPassport = NonNullable<Awaited<ReturnType<typeof publishedPassportWithParties>>>;

export function findPassport(services: ServiceContext, key: PassportKey, tenantId: string | null) {
  return publishedPassportWithParties(services.db, key, tenantId);
}

export function passportSubject(
  services: ServiceContext,
  found: FoundPassport,
  reader: Reader,
): PassportSubject {
  // The document model has no index signature; the tier view walks it as a plain record.
  const full = renderWithParties(services.baseUrl, found) as unknown as Record<string, unknown>;
  const requestAccess = requestAccessUrl(services.baseUrl, found.passport.id);
  const view = tierView(full, reader.tier, { requestAccessUrl: requestAccess });
  return {
    kind: 'passport',
    view,
    full,
    tier: reader.tier,
    tenantId: found.passport.tenantId,
    version: found.passport.version,
  };
}

export interface FoundUnit {
  unit: UnitRow;
  passport: FoundPassport;
}

/** A unit whose model passport is published; null otherwise (a draft's units are not public). */
export async function findUnit(
  services: ServiceContext,
  id: string,
  tenantId: string | null,
): Promise<FoundUnit | null> {
  const unit = await findUnitById(services.db, id, tenantId);
  if (!unit) return null;
  const passport = await publishedPassportWithParties(services.db, { id: unit.passportId }, unit.tenantId);
  return passport ? { unit, passport } : null;
}

const unitUrl = (baseUrl: string, id: string) => `${baseUrl}/unit/${id}`;

/** The 410 answer of a recycled unit: what it was, and when it ceased. */
export function unitTombstone(baseUrl: string, { unit, passport }: FoundUnit) {
  return {
    '@context': [contextUrl(baseUrl)],
    '@type': 'BatteryUnit',
    '@id': unitDigitalLinkUri(baseUrl, unit),
    id: unit.id,
    serialNumber: unit.serialNumber,
    digitalLinkUri: unitDigitalLinkUri(baseUrl, unit),
    digitalProductPassportId: unitUrl(baseUrl, unit.id),
    status: unit.status,
    dppStatus: unit.status.toLowerCase(),
    ceasedAt: unit.ceasedAt?.toISOString() ?? null,
    ofModel: `${baseUrl}/passport/${passport.passport.id}`,
  };
}

export const unitFacts = (unit: UnitRow): UnitFacts => ({
  id: unit.id,
  passportId: unit.passportId,
  serialNumber: unit.serialNumber,
  digitalLinkUri: unit.digitalLinkUri,
  status: unit.status,
  manufacturedAt: unit.manufacturedAt?.toISOString() ?? null,
  createdAt: unit.createdAt.toISOString(),
});

// Telemetry (state of health, cycles) is Annex XIII(4) data: for legitimate interest and above.
const TELEMETRY_TIER: AccessTier = 'legitimate-interest';

export async function unitSubject(
  services: ServiceContext,
  found: FoundUnit,
  reader: Reader,
): Promise<UnitSubject> {
  const { unit, passport } = found;
  const model = passportSubject(services, passport, reader);
  const seesTelemetry = rankOf(reader.tier) >= rankOf(TELEMETRY_TIER);
  const [events, successors] = await Promise.all([
    seesTelemetry ? newestEventsOf(services.db, unit.tenantId, unit.id, 500) : Promise.resolve([]),
    successorsOf(services.db, unit.tenantId, unit.id),
  ]);
  const base = renderUnitView(services.baseUrl, unit, model.view as never, events);
  const view: Record<string, unknown> = {
    ...base,
    repurposedFrom: unit.predecessorUnitId ? unitUrl(services.baseUrl, unit.predecessorUnitId) : null,
    successorUnits: successors.map((successor) => unitUrl(services.baseUrl, successor.id)),
  };
  if (!seesTelemetry) {
    view.currentState = {
      stateOfHealth: null,
      cycleCount: null,
      remainingCapacityAh: null,
      temperatureC: null,
      recordedAt: null,
    };
    view.restrictedData = {
      tiers: ['legitimate-interest', 'authority'],
      fieldCount: 2,
      withheld: ['currentState', 'dynamicData'],
      requestAccess: requestAccessUrl(services.baseUrl, passport.passport.id),
    };
  }
  return {
    kind: 'unit',
    view,
    tier: reader.tier,
    tenantId: unit.tenantId,
    unit: unitFacts(unit),
    model,
  };
}
