// Archived versions: the list, one version's document, and the version current at an instant, for
// the owning workspace and for grant holders.

import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import { type ActiveGrant, grantCovers, recordGrantRead, recordOwnerRead } from '../grants/service.ts';
import { renderOwnerText } from './documents.ts';
import { findPassportInWorkspace, resolvePassport } from './service.ts';
import * as store from './store.ts';

/** Where an owner's read of history came from: given, the read enters the access log. */
export interface ReadOrigin {
  clientAddress: string | undefined;
}

const logOwnerRead = (
  services: ServiceContext,
  actor: Actor,
  passportId: string,
  action: 'history' | 'version',
  origin: ReadOrigin | undefined,
) => {
  if (!origin) return;
  const representation = action === 'history' ? 'json' : 'json-ld';
  recordOwnerRead(services, {
    actor,
    passportId,
    action,
    representation,
    clientAddress: origin.clientAddress,
  });
};

export async function listHistory(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  page: number,
  limit: number,
  origin?: ReadOrigin,
) {
  const row = await resolvePassport(services.db, actor, reference);
  const total = row.version - 1;
  const versions = await store.listVersions(services.db, actor.tenantId, row.id, limit, (page - 1) * limit);
  logOwnerRead(services, actor, row.id, 'history', origin);
  return {
    passportId: row.id,
    productId: row.productId,
    currentVersion: row.version,
    page,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
    versions: versions.map((version) => ({
      version: version.version,
      validUntil: version.validUntil.toISOString(),
      recordedAt: version.recordedAt.toISOString(),
      changedBy: version.changedBy,
      changeReason: version.changeReason,
    })),
  };
}

/** The archived document text of one version, exactly as it was served. */
export async function versionDocument(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  version: number,
  origin?: ReadOrigin,
) {
  const row = await resolvePassport(services.db, actor, reference);
  const found = await store.findVersion(services.db, actor.tenantId, row.id, version);
  if (!found) throw notFound(`Passport has no archived version ${version}`);
  logOwnerRead(services, actor, row.id, 'version', origin);
  return found.document;
}

/** The document current at `at`: an archived version, or the live passport after the last change. */
export async function documentAt(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  rawAt: string,
  origin?: ReadOrigin,
) {
  const at = new Date(rawAt);
  if (rawAt.trim() === '' || Number.isNaN(at.getTime())) throw badRequest('at must be an ISO 8601 timestamp');
  const row = await resolvePassport(services.db, actor, reference);
  if (at.getTime() < row.createdAt.getTime()) throw notFound('The passport did not exist at that instant');
  const version = await store.findVersionAt(services.db, actor.tenantId, row.id, at);
  const text = version ? version.document : await renderOwnerText(services.db, services.baseUrl, row);
  logOwnerRead(services, actor, row.id, 'version', origin);
  return text;
}

// Grant holders read history through a covering grant: versions masked to the grant's tier, the
// authors of changes withheld, a DRAFT never shown, and every read entered in the access log, as
// the owner's reads above are.

export interface GrantReader {
  grant: ActiveGrant;
  /** The caller's address as the request saw it (the log keeps it truncated). */
  clientAddress: string | undefined;
}

async function coveredPassport(services: ServiceContext, reader: GrantReader, reference: string) {
  const row = await findPassportInWorkspace(services.db, reader.grant.tenantId, reference);
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

const logRead = (
  services: ServiceContext,
  reader: GrantReader,
  passportId: string,
  action: 'history' | 'version',
  representation: string,
) =>
  recordGrantRead(services, {
    grant: reader.grant,
    passportId,
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
  const total = row.version - 1;
  const versions = await store.listVersions(services.db, row.tenantId, row.id, limit, (page - 1) * limit);
  await logRead(services, reader, row.id, 'history', 'json');
  return {
    passportId: row.id,
    productId: row.productId,
    currentVersion: row.version,
    page,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
    versions: versions.map((version) => ({
      version: version.version,
      validUntil: version.validUntil.toISOString(),
      recordedAt: version.recordedAt.toISOString(),
      changedBy: null,
      changeReason: null,
    })),
  };
}

export async function versionDocumentForGrant(
  services: ServiceContext,
  reader: GrantReader,
  reference: string,
  version: number,
) {
  const row = await coveredPassport(services, reader, reference);
  const found = await store.findVersion(services.db, row.tenantId, row.id, version);
  if (!found) throw notFound(`Passport has no archived version ${version}`);
  const text = maskedText(services, row.id, found.document, reader);
  await logRead(services, reader, row.id, 'version', 'json-ld');
  return text;
}

export async function documentAtForGrant(
  services: ServiceContext,
  reader: GrantReader,
  reference: string,
  rawAt: string,
) {
  const at = new Date(rawAt);
  if (rawAt.trim() === '' || Number.isNaN(at.getTime())) throw badRequest('at must be an ISO 8601 timestamp');
  const row = await coveredPassport(services, reader, reference);
  if (at.getTime() < row.createdAt.getTime()) throw notFound('The passport did not exist at that instant');
  const version = await store.findVersionAt(services.db, row.tenantId, row.id, at);
  const text = maskedText(
    services,
    row.id,
    version ? version.document : await renderOwnerText(services.db, services.baseUrl, row),
    reader,
  );
  await logRead(services, reader, row.id, 'version', 'json-ld');
  return text;
}
