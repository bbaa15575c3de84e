// Country codes and postal addresses, checked the same way for operators and facilities.

import { badRequest } from '../../core/errors.ts';
import { isCountryCode } from '../../domain/passports/create-body.ts';
import type { Address } from './records.ts';

/** The schema admits any two capitals; only a real ISO 3166-1 country passes here. */
export function checkCountry(value: string | null | undefined, field: string): void {
  if (value === undefined || value === null) return;
  if (!isCountryCode(value)) throw badRequest(`${field} must be an ISO 3166-1 alpha-2 country code`);
}

/** An address with its country checked; an empty one is stored as no address at all. */
export function normaliseAddress(address: Address | null | undefined, field: string): Address | null {
  if (address === undefined || address === null) return null;
  checkCountry(address.country, `${field}.country`);
  return Object.keys(address).length === 0 ? null : address;
}
