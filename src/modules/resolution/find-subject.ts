// A step of a public read (service.ts): what the URL names, found once. The host says where to look
// (the node's own host: every workspace; `acme.<node host>`: that workspace alone), then the
// published passport (with the answer kept beside it, for an anonymous read in a kept form), the
// unit with its published model, or, with no passport of this node, a backup copy in custody. A
// Digital Link that asks for more than its passport finds its passport and unit here too.
import type { ServiceContext } from '../../context.ts';
import type { Custody } from '../../core/custody.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { normaliseHost } from '../../core/host.ts';
import type { Lang } from '../../core/i18n.ts';
import type { PassportSubject, Representation } from '../../core/representations.ts';
import { type KeptRendition, keptPublicAnswer, publishedPassportWithParties } from '../passports/service.ts';
import { findUnitById, findUnitOfPassport, type UnitRow } from '../units/service.ts';
import { workspaceIdOfSubdomain } from '../workspaces/service.ts';
import { nothingPublished } from './not-found.ts';
import { ASSET_TYPE_LENGTH, type LinkRequest } from './parse-link.ts';

export type PassportKey = { id: string } | { productId: string };

/** What a read names: a passport by id or GS1 key, or a unit. */
export type Target = { kind: 'passport'; key: PassportKey } | { kind: 'unit'; id: string };

/** A published passport with its operator and facility, read in one round trip. */
export type FoundPassport = NonNullable<Awaited<ReturnType<typeof publishedPassportWithParties>>>;

export interface FoundUnit {
  unit: UnitRow;
  passport: FoundPassport;
}

export type FoundSubject =
  | { kind: 'passport'; passport: FoundPassport }
  | { kind: 'unit'; unit: FoundUnit }
  /** A recycled unit: answered 410 in the public tier, whoever asks. */
  | { kind: 'tombstone'; unit: FoundUnit }
  /** A backup copy in custody, already in the public tier. */
  | { kind: 'copy'; subject: PassportSubject };

/**
 * The workspace a host names: null on the node's own host (every workspace), undefined for a
 * workspace host no workspace has (nothing is published there).
 */
export async function workspaceOfHost(
  { db, baseUrl }: ServiceContext,
  rawHost: string,
): Promise<string | null | undefined> {
  const publicHost = normaliseHost(new URL(baseUrl).hostname);
  const host = normaliseHost(rawHost);
  if (!host.endsWith(`.${publicHost}`)) return null;
  return (await workspaceIdOfSubdomain(db, host.slice(0, -publicHost.length - 1))) ?? undefined;
}

function findPassport(services: ServiceContext, key: PassportKey, scope: string | null) {
  return publishedPassportWithParties(services.db, key, scope);
}

/**
 * The published passport a public read names with the answer kept for it in this form (`body` null
 * when none is fresh); null when no published passport of this node has the key.
 */
export function findKept(
  services: ServiceContext,
  form: { representation: Representation; lang: Lang },
  key: PassportKey,
  scope: string | null,
): Promise<KeptRendition | null> {
  return keptPublicAnswer(services.db, key, scope, { ...form, baseUrl: services.baseUrl });
}

/** A unit whose model passport is published; null otherwise (a draft's units are not public). */
async function findUnit(
  services: ServiceContext,
  id: string,
  scope: string | null,
): Promise<FoundUnit | null> {
  const unit = await findUnitById(services.db, id, scope);
  if (!unit) return null;
  const passport = await publishedPassportWithParties(services.db, { id: unit.passportId }, unit.tenantId);
  return passport ? { unit, passport } : null;
}

/** A copy held in custody, answered in the public tier in the forms a copy allows (else 406). */
async function findCopy(
  custody: Custody,
  key: PassportKey,
  representation: Representation,
): Promise<FoundSubject | null> {
  const subject = await custody.passport(key);
  if (!subject) return null;
  if (!custody.offers(representation.type)) {
    throw new AppError('NOT_ACCEPTABLE', `A backup copy is offered as ${custody.types.join(', ')}`, {
      extra: { offered: [...custody.types] },
    });
  }
  return { kind: 'copy', subject };
}

/**
 * The subject of a read in the host's workspace (`scope`), or null when nothing is published under
 * it. Copies in custody are looked for on the node's own host only.
 */
export async function findSubject(
  services: ServiceContext,
  custody: Custody | undefined,
  target: Target,
  scope: string | null,
  representation: Representation,
): Promise<FoundSubject | null> {
  if (target.kind === 'unit') {
    const unit = await findUnit(services, target.id, scope);
    if (!unit) return null;
    return unit.unit.status === 'RECYCLED' ? { kind: 'tombstone', unit } : { kind: 'unit', unit };
  }
  const passport = await findPassport(services, target.key, scope);
  if (passport) return { kind: 'passport', passport };
  return custody && scope === null ? findCopy(custody, target.key, representation) : null;
}

/** The passport and (for an item link) the unit a request names; 404 when nothing is published. */
export async function findLinkSubject(services: ServiceContext, host: string, link: LinkRequest) {
  const scope = await workspaceOfHost(services, host);
  if (scope === undefined) throw nothingPublished();
  let productId = link.keyValue;
  let serial = link.serial;
  let found = await findPassport(services, { productId }, scope);
  // The standard's GRAI unit link: the serial inside AI 8003, after the asset type.
  if (!found && link.ai === '8003' && serial === undefined && productId.length > ASSET_TYPE_LENGTH) {
    serial = productId.slice(ASSET_TYPE_LENGTH);
    productId = productId.slice(0, ASSET_TYPE_LENGTH);
    found = await findPassport(services, { productId }, scope);
  }
  if (!found) throw nothingPublished();
  const passport = found.passport;
  if (serial === undefined) return { scope, passport, unit: null, keyLink: link.anchor };
  const unit = await findUnitOfPassport(services.db, passport.tenantId, passport.id, serial);
  if (!unit) throw notFound('No unit with this serial number is published under this identifier');
  const keyLink = `${services.baseUrl}/${link.ai}/${encodeURIComponent(productId)}`;
  return { scope, passport, unit, keyLink };
}
