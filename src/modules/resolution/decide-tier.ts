// A step of a public read (service.ts): the tier the viewer reads the subject in, and the subject as
// that tier sees it, for the representation to render. The owner's key (within its operator scope)
// reads as the owner, a covering grant in its tier, anyone else in the public tier; a recycled
// unit's tombstone (410) and a copy in custody are public to everyone. A unit shows its model
// passport in the same tier, and its telemetry from the legitimate-interest tier up.
import type { ServiceContext } from '../../context.ts';
import type { PassportSubject, Subject, UnitFacts, UnitSubject } from '../../core/representations.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import { contextUrl } from '../../domain/passports/document.ts';
import { rankOf, tierView } from '../../domain/passports/tier-view.ts';
import { unitDigitalLinkUri } from '../../domain/units/link.ts';
import { renderUnitView } from '../../domain/units/view.ts';
import { renderWithParties } from '../passports/service.ts';
import { newestEventsOf, successorsOf, type UnitRow } from '../units/service.ts';
import type { FoundPassport, FoundSubject, FoundUnit } from './find-subject.ts';
import type { ActiveGrant, GrantAccess } from './grant-access.ts';
import type { Viewer } from './viewer.ts';

export interface Reader {
  tier: AccessTier;
  grant: ActiveGrant | null;
}

const PUBLIC_READER: Reader = { tier: 'public', grant: null };

/** The passport whose tier a subject is read in: the passport itself, or a unit's model. */
function passportOf(found: FoundSubject) {
  if (found.kind === 'passport') return found.passport.passport;
  if (found.kind === 'unit') return found.unit.passport.passport;
  return null;
}

async function decideTier(
  services: ServiceContext,
  grants: GrantAccess,
  viewer: Viewer,
  found: FoundSubject,
): Promise<Reader> {
  const passport = passportOf(found);
  if (!passport) return PUBLIC_READER;
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
  return PUBLIC_READER;
}

export const requestAccessUrl = (baseUrl: string, passportId: string) =>
  `${baseUrl}/request-access/${passportId}`;

/**
 * The viewer's tier for a found subject, the subject as that tier sees it, and the status it is
 * answered with.
 */
export async function viewInTier(
  services: ServiceContext,
  grants: GrantAccess,
  viewer: Viewer,
  found: FoundSubject,
): Promise<{ reader: Reader; subject: Subject; status: number }> {
  const reader = await decideTier(services, grants, viewer, found);
  return { reader, ...(await subjectView(services, found, reader)) };
}

async function subjectView(
  services: ServiceContext,
  found: FoundSubject,
  reader: Reader,
): Promise<{ subject: Subject; status: number }> {
  if (found.kind === 'copy') return { subject: found.subject, status: 200 };
  if (found.kind === 'passport')
    return { subject: passportSubject(services, found.passport, reader), status: 200 };
  if (found.kind === 'tombstone') return { subject: tombstone(services, found.unit), status: 410 };
  return { subject: await unitSubject(services, found.unit, reader), status: 200 };
}

function passportSubject(services: ServiceContext, found: FoundPassport, reader: Reader): PassportSubject {
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

const unitUrl = (baseUrl: string, id: string) => `${baseUrl}/unit/${id}`;

/** The 410 answer of a recycled unit: what it was, and when it ceased. */
function unitTombstone(baseUrl: string, { unit, passport }: FoundUnit) {
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

const unitFacts = (unit: UnitRow): UnitFacts => ({
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

async function unitSubject(services: ServiceContext, found: FoundUnit, reader: Reader): Promise<UnitSubject> {
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

function tombstone(services: ServiceContext, found: FoundUnit): Subject {
  return {
    kind: 'unit',
    view: unitTombstone(services.baseUrl, found),
    tier: 'public',
    tenantId: found.unit.tenantId,
    unit: unitFacts(found.unit),
    model: passportSubject(services, found.passport, PUBLIC_READER),
  };
}
