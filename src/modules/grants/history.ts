// The passport history endpoint's reads, each entered in the access log: the owning workspace's
// reads, and grant holders' reads through a covering grant (versions masked to the grant's tier,
// the authors of changes withheld, a DRAFT never shown). Apart from service.ts, whose rules are the
// grants' own states: these read passports' versions, standing on reads.ts for who may.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { notFound } from '../../core/errors.ts';
import { isUuid } from '../../domain/ids.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import {
  archivedDocument,
  documentTextAt,
  findPassportInWorkspace,
  findPublishedById,
  historyPage,
  parseInstant,
  resolvePassport,
} from '../passports/service.ts';
import { type ActiveGrant, grantCovers, recordGrantRead, recordOwnerRead } from './reads.ts';

/** Where an owner's read of history came from (the log keeps the address truncated). */
export interface ReadOrigin {
  clientAddress: string | undefined;
}

const logOwnerRead = (
  services: ServiceContext,
  actor: Actor,
  passportId: string,
  action: 'history' | 'version',
  origin: ReadOrigin,
) =>
  recordOwnerRead(services, {
    actor,
    passportId,
    action,
    representation: action === 'history' ? 'json' : 'json-ld',
    clientAddress: origin.clientAddress,
  });

export async function listHistoryForOwner(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  page: number,
  limit: number,
  origin: ReadOrigin,
) {
  const row = await resolvePassport(services.db, actor, reference);
  const history = await historyPage(services.db, row, page, limit, true);
  logOwnerRead(services, actor, row.id, 'history', origin);
  return history;
}

export async function versionDocumentForOwner(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  version: number,
  origin: ReadOrigin,
) {
  const row = await resolvePassport(services.db, actor, reference);
  const text = await archivedDocument(services.db, row, version);
  logOwnerRead(services, actor, row.id, 'version', origin);
  return text;
}

export async function documentAtForOwner(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  rawAt: string,
  origin: ReadOrigin,
) {
  const at = parseInstant(rawAt);
  const row = await resolvePassport(services.db, actor, reference);
  const text = await documentTextAt(services, row, at);
  logOwnerRead(services, actor, row.id, 'version', origin);
  return text;
}

export interface GrantReader {
  grant: ActiveGrant;
  /** The caller's address as the request saw it (the log keeps it truncated). */
  clientAddress: string | undefined;
}

async function coveredPassport(services: ServiceContext, reader: GrantReader, reference: string) {
  // A credential session reaches every workspace: its passport is found by id wherever it is.
  const row =
    reader.grant.tenantId === null
      ? isUuid(reference)
        ? await findPublishedById(services.db, reference.toLowerCase())
        : null
      : await findPassportInWorkspace(services.db, reader.grant.tenantId, reference);
  // Out of scope, another workspace's, a draft: all read as no passport, so nothing is disclosed.
  if (!row || !grantCovers(reader.grant, row)) throw notFound('Passport not found');
  return row;
}

/** An archived (or live) owner document as the grant's tier sees it, as resolution shows it. */
function maskedText(services: ServiceContext, passportId: string, text: string, reader: GrantReader): string {
  const document = JSON.parse(text) as Record<string, unknown>;
  if (document.status === 'DRAFT') throw notFound('Passport has no such version');
  const requestAccessUrl = `${services.baseUrl}/request-access/${passportId}`;
  return JSON.stringify(tierView(document, reader.grant.tier, { requestAccessUrl }));
}

const logGrantRead = (
  services: ServiceContext,
  reader: GrantReader,
  passport: { id: string; tenantId: string },
  action: 'history' | 'version',
  representation: string,
) =>
  recordGrantRead(services, {
    grant: reader.grant,
    tenantId: passport.tenantId,
    passportId: passport.id,
    tier: reader.grant.tier,
    representation,
    action,
    clientAddress: reader.clientAddress,
  });

export async function listHistoryForGrant(
  services: ServiceContext,
  reader: GrantReader,
  reference: string,
  page: number,
  limit: number,
) {
  const row = await coveredPassport(services, reader, reference);
  const history = await historyPage(services.db, row, page, limit, false);
  await logGrantRead(services, reader, row, 'history', 'json');
  return history;
}

export async function versionDocumentForGrant(
  services: ServiceContext,
  reader: GrantReader,
  reference: string,
  version: number,
) {
  const row = await coveredPassport(services, reader, reference);
  const text = maskedText(services, row.id, await archivedDocument(services.db, row, version), reader);
  await logGrantRead(services, reader, row, 'version', 'json-ld');
  return text;
}

export async function documentAtForGrant(
  services: ServiceContext,
  reader: GrantReader,
  reference: string,
  rawAt: string,
) {
  const at = parseInstant(rawAt);
  const row = await coveredPassport(services, reader, reference);
  const text = maskedText(services, row.id, await documentTextAt(services, row, at), reader);
  await logGrantRead(services, reader, row, 'version', 'json-ld');
  return text;
}
