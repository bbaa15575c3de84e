// Operators through the real API, and passport rows written directly: operator and facility tests
// need passports that exist, not the passports API.

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../src/context.ts';
import { passports } from '../../src/db/schema.ts';
import type { PassportStatus } from '../../src/domain/passports/lifecycle.ts';
import { bearer, type TestWorkspace } from './app.ts';
import { testDatabase } from './db.ts';

let sequence = 0;

/** A fresh, well-formed national registry id, so tests never collide on (scheme, regId). */
export const uniqueRegId = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`.toUpperCase();

export async function createOperator(
  app: App,
  workspace: TestWorkspace,
  body: Record<string, unknown> = {},
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/operators',
    headers: bearer(workspace.token),
    payload: {
      name: 'Acme Batteries GmbH',
      regIdScheme: 'DE-HRB',
      regId: uniqueRegId(),
      role: 'MANUFACTURER',
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`operator creation failed: ${response.body}`);
  return response.json().operator;
}

export async function insertPassport(
  tenantId: string,
  operatorId: string,
  options: { facilityId?: string; status?: PassportStatus } = {},
): Promise<string> {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(passports)
    .values({
      tenantId,
      productId: `SKU-${randomUUID()}`,
      productIdScheme: 'SKU',
      category: 'textiles',
      operatorId,
      facilityId: options.facilityId ?? null,
      status: options.status ?? 'ACTIVE',
      metadata: {},
    })
    .returning({ id: passports.id });
  if (!row) throw new Error('passport insert returned no row');
  return row.id;
}

export async function passportRow(tenantId: string, id: string) {
  const { db } = await testDatabase();
  const [row] = await db
    .select()
    .from(passports)
    .where(and(eq(passports.tenantId, tenantId), eq(passports.id, id)));
  if (!row) throw new Error(`no passport ${id}`);
  return row;
}
