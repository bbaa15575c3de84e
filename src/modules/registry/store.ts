// The registrations the EU registry answered, append-only: inserted, listed, never changed.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { registryRegistrations } from '../../db/schema.ts';

export type RegistrationRow = typeof registryRegistrations.$inferSelect;
export type RegistrationListed = Omit<RegistrationRow, 'proof'>;

const listed = {
  tenantId: registryRegistrations.tenantId,
  id: registryRegistrations.id,
  passportId: registryRegistrations.passportId,
  registrationId: registryRegistrations.registrationId,
  registeredAt: registryRegistrations.registeredAt,
  version: registryRegistrations.version,
  versionHash: registryRegistrations.versionHash,
  proofType: registryRegistrations.proofType,
  proofBytes: registryRegistrations.proofBytes,
  recordedBy: registryRegistrations.recordedBy,
  createdAt: registryRegistrations.createdAt,
};

export async function insertRegistration(
  db: Executor,
  values: typeof registryRegistrations.$inferInsert,
): Promise<RegistrationListed> {
  try {
    const [row] = await db.insert(registryRegistrations).values(values).returning(listed);
    if (!row) throw new Error('registration not written');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`Registration ${values.registrationId} is already recorded for this passport`);
    }
    throw error;
  }
}

/** A passport's registrations, oldest first (the last is the registry's current state). */
export function listRegistrations(db: Executor, tenantId: string, passportId: string) {
  return db
    .select(listed)
    .from(registryRegistrations)
    .where(
      and(eq(registryRegistrations.tenantId, tenantId), eq(registryRegistrations.passportId, passportId)),
    )
    .orderBy(asc(registryRegistrations.createdAt), asc(registryRegistrations.id));
}

/** Which of these passports have a registration. */
export async function registeredAmong(db: Executor, tenantId: string, passportIds: readonly string[]) {
  if (passportIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ passportId: registryRegistrations.passportId })
    .from(registryRegistrations)
    .where(
      and(
        eq(registryRegistrations.tenantId, tenantId),
        inArray(registryRegistrations.passportId, [...passportIds]),
      ),
    );
  return new Set(rows.map((row) => row.passportId));
}

export async function findProof(db: Executor, tenantId: string, passportId: string, id: string) {
  const [row] = await db
    .select({ proof: registryRegistrations.proof, proofType: registryRegistrations.proofType })
    .from(registryRegistrations)
    .where(
      and(
        eq(registryRegistrations.tenantId, tenantId),
        eq(registryRegistrations.passportId, passportId),
        eq(registryRegistrations.id, id),
      ),
    );
  return row ?? null;
}
