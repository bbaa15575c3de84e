// Archived versions: the list, one version's document, and the version current at an instant.

import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../http/actor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { renderOwnerText } from './documents.ts';
import { resolvePassport } from './service.ts';
import * as store from './store.ts';

export async function listHistory(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  page: number,
  limit: number,
) {
  const row = await resolvePassport(services.db, actor, reference);
  const total = row.version - 1;
  const versions = await store.listVersions(services.db, actor.tenantId, row.id, limit, (page - 1) * limit);
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
) {
  const row = await resolvePassport(services.db, actor, reference);
  const found = await store.findVersion(services.db, actor.tenantId, row.id, version);
  if (!found) throw notFound(`Passport has no archived version ${version}`);
  return found.document;
}

/** The document current at `at`: an archived version, or the live passport after the last change. */
export async function documentAt(services: ServiceContext, actor: Actor, reference: string, rawAt: string) {
  const at = new Date(rawAt);
  if (rawAt.trim() === '' || Number.isNaN(at.getTime())) throw badRequest('at must be an ISO 8601 timestamp');
  const row = await resolvePassport(services.db, actor, reference);
  if (at.getTime() < row.createdAt.getTime()) throw notFound('The passport did not exist at that instant');
  const version = await store.findVersionAt(services.db, actor.tenantId, row.id, at);
  if (version) return version.document;
  return renderOwnerText(services.db, services.baseUrl, row);
}
