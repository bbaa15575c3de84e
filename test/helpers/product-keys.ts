// What the GS1 key tests share: the refusal of a key another workspace holds.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

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
