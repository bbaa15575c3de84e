// How a passport meets the parties its document shows: its economic operator (always one) and its
// manufacturing facility (at most one), both of the passport's own workspace. One definition for
// every read that renders a passport with its parties.
import { and, eq } from 'drizzle-orm';
import { facilities, operators, passports } from './schema.ts';

/** The join condition of a passport's economic operator. */
export const operatorOfPassport = and(
  eq(operators.tenantId, passports.tenantId),
  eq(operators.id, passports.operatorId),
);

/** The join condition of a passport's manufacturing facility (a left join: it may have none). */
export const facilityOfPassport = and(
  eq(facilities.tenantId, passports.tenantId),
  eq(facilities.id, passports.facilityId),
);
