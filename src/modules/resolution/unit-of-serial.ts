// `…/21/{serial}` under a passport's key names a unit: where its own URL is.
import { notFound } from '../../core/errors.ts';
import { findUnitBySerial } from '../units/service.ts';
import type { SourceDeps } from './passport-source.ts';
import { findPassport, type PassportKey } from './service.ts';

/** The unit's URL, keeping the query the key was asked with; 404 when the passport has no such unit. */
export async function unitLocation(
  deps: SourceDeps,
  ask: { host: string; query: string },
  key: PassportKey,
  serial: string,
): Promise<string> {
  const { services } = deps;
  const scope = await deps.scopeOf(ask.host);
  const row = scope === undefined ? null : (await findPassport(services, key, scope))?.passport;
  const unit = row ? await findUnitBySerial(services.db, row.tenantId, row.id, serial) : null;
  if (!unit) throw notFound('No unit with this serial number is published under this identifier');
  return `${services.baseUrl}/unit/${unit.id}${ask.query}`;
}
