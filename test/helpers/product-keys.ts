// What the GS1 key tests share: the refusal of a key another workspace holds.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/client.ts';
import { passports } from '../../src/db/schema.ts';
import type { PassportStatus } from '../../src/domain/passports/lifecycle.ts';
import { batteryMetadata } from './passports.ts';

/** 409 PRODUCT_KEY_CLAIMED in the documented error body, naming the key; answers its message. */
export function expectClaimed(response: LightMyRequestResponse, productKey: string): string {
  expect(response.statusCode, response.body).toBe(409);
  const body = response.json();
  expect(body).toEqual({
    success: false,
    error: 'Conflict',
    code: 'PRODUCT_KEY_CLAIMED',
    message: expect.stringContaining(productKey),
  });
  return body.message as string;
}

/**
 * A GTIN-keyed passport row written straight to the store, without a claim: a passport made before
 * keys had one owner on the node, which may share its key with another workspace's.
 */
export async function insertUnclaimedPassport(
  db: Executor,
  values: { tenantId: string; operatorId: string; gtin14: string; status?: PassportStatus; createdAt?: Date },
): Promise<string> {
  const [row] = await db
    .insert(passports)
    .values({
      tenantId: values.tenantId,
      productId: values.gtin14,
      productIdScheme: 'GTIN',
      category: 'batteries',
      operatorId: values.operatorId,
      status: values.status ?? 'ACTIVE',
      metadata: batteryMetadata(),
      ...(values.createdAt ? { createdAt: values.createdAt, updatedAt: values.createdAt } : {}),
    })
    .returning({ id: passports.id });
  if (!row) throw new Error('passport insert returned no row');
  return row.id;
}
