// Archived versions: a page of the list, one version's document, and the document current at an
// instant. Who may read them and the access log each read enters belong to the callers: the grants
// module serves the history endpoint, to owners and grant holders alike. Apart from service.ts,
// whose rules are the live passport's: these only read what versions archived.

import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { parseBodyDate } from '../../domain/units/dates.ts';
import { renderOwnerText } from './documents.ts';
import { resolvePassport } from './lookup.ts';
import type { PassportRow } from './store.ts';
import * as store from './store.ts';

/**
 * A page of the passport's archived versions, newest first. Without `authors`, who made each change
 * and why is withheld (a grant holder's view).
 */
export async function historyPage(
  db: Executor,
  row: PassportRow,
  page: number,
  limit: number,
  authors: boolean,
) {
  const total = row.version - 1;
  const versions = await store.listVersions(db, row.tenantId, row.id, limit, (page - 1) * limit);
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
      changedBy: authors ? version.changedBy : null,
      changeReason: authors ? version.changeReason : null,
      // A sealed version's registry fields, for the owner (docs/backup.md); absent on unsealed versions.
      ...(authors && version.versionHash ? { versionHash: version.versionHash } : {}),
      ...(authors && version.backupUri ? { backupUri: version.backupUri } : {}),
    })),
  };
}

/** The archived document text of one version, exactly as it was served. */
export async function archivedDocument(db: Executor, row: PassportRow, version: number): Promise<string> {
  const found = await store.findVersion(db, row.tenantId, row.id, version);
  if (!found) throw notFound(`Passport has no archived version ${version}`);
  return found.document;
}

/** The instant of `?at=`, checked before any passport is looked up. */
/**
 * The instant a query parameter names. A JS Date reaches further than the store (years 0001–9999, as
 * for every date of a body), and an instant beyond it is refused here rather than by the store.
 */
export function parseInstant(rawAt: string, parameter = 'at'): Date {
  const at = parseBodyDate(rawAt);
  if (!at) throw badRequest(`${parameter} must be an ISO 8601 timestamp within the years 0001 to 9999`);
  return at;
}

/** The owner document current at `at`: an archived version, or the live passport after the last change. */
export async function documentTextAt(services: ServiceContext, row: PassportRow, at: Date): Promise<string> {
  if (at.getTime() < row.createdAt.getTime()) throw notFound('The passport did not exist at that instant');
  const version = await store.findVersionAt(services.db, row.tenantId, row.id, at);
  return version ? version.document : renderOwnerText(services.db, services.baseUrl, row);
}

/** The document current at `at` as its workspace reads it (outside the history endpoint: not logged). */
export async function documentAt(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  rawAt: string,
  parameter = 'at',
) {
  const at = parseInstant(rawAt, parameter);
  const row = await resolvePassport(services.db, actor, reference);
  return documentTextAt(services, row, at);
}
