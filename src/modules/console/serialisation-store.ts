// SQL of the console's serialisation results (one row a run, read back by its id and workspace).
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { consoleSerialisations } from '../../db/schema.ts';

export type SerialisationRow = typeof consoleSerialisations.$inferSelect;

export async function insertSerialisation(db: Executor, row: typeof consoleSerialisations.$inferInsert) {
  const [inserted] = await db
    .insert(consoleSerialisations)
    .values(row)
    .returning({ id: consoleSerialisations.id });
  return inserted?.id ?? '';
}

export async function serialisationById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(consoleSerialisations)
    .where(and(eq(consoleSerialisations.tenantId, tenantId), eq(consoleSerialisations.id, id)))
    .limit(1);
  return row ?? null;
}
