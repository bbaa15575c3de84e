// The seal fields of every representation the node serves come in the order docs/sealing.md §6
// writes them, `proof.leafSalts` and `proof.redactedLeaves` in path order, although the store keeps
// them as jsonb (which reorders members, shorter keys first).
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { createOperator } from '../helpers/passports.ts';
import { createSealedPassport, type SealedDocument } from '../helpers/seals.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;
const inPathOrder = (keys: string[]) => [...keys].sort();

/** Asserts the documented member order and path order; `masked` views must hide something. */
function expectServedOrder(document: SealedDocument, masked: boolean) {
  expect(Object.keys(document.digitalSeal)).toEqual([
    'type',
    'format',
    'qualified',
    'algorithm',
    'keyId',
    'passportId',
    'version',
    'sealedAt',
    'merkleRoot',
    'signature',
    'certificate',
    'timestamp',
    'timestampStatus',
  ]);
  expect(Object.keys(document.signingPublicKey)).toEqual(['kty', 'crv', 'x', 'y', 'kid', 'alg', 'use']);
  expect(Object.keys(document.proof)).toEqual([
    'type',
    'hashAlgorithm',
    'leafHashInput',
    'excludedFields',
    'leafCount',
    'leafSalts',
    'redactedLeaves',
  ]);
  const salted = Object.keys(document.proof.leafSalts);
  // Short keys first (jsonb's order) would put /id before /@type.
  expect(salted).toContain('/@type');
  expect(salted).toEqual(inPathOrder(salted));
  const redacted = Object.keys(document.proof.redactedLeaves);
  expect(redacted.length > 1).toBe(masked);
  expect(redacted).toEqual(inPathOrder(redacted));
}

describe('seal fields as served', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let id: string;
  let sealAnswer: SealedDocument;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    sealAnswer = await createSealedPassport(app, workspace.token);
    id = sealAnswer.id;
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });

  it('in the answer to sealing, the owner read and the list', async () => {
    expectServedOrder(sealAnswer, false);
    const owner = await get(`/api/v1/passports/${id}`, bearer(workspace.token));
    expect(owner.statusCode).toBe(200);
    expectServedOrder(owner.json(), false);
    const list = await get('/api/v1/passports', bearer(workspace.token));
    const listed = (list.json().passports as SealedDocument[]).find((passport) => passport.id === id);
    if (!listed) throw new Error('the sealed passport is not listed');
    expectServedOrder(listed, false);
  });

  it('in public resolution, for the owner and for the public (masked)', async () => {
    const asOwner = await get(`/passport/${id}`, bearer(workspace.token));
    expect(asOwner.statusCode).toBe(200);
    expectServedOrder(asOwner.json(), false);
    const asPublic = await get(`/passport/${id}`);
    expect(asPublic.statusCode).toBe(200);
    expectServedOrder(asPublic.json(), true);
  });

  it('in the archived sealed version, once a status move has archived it', async () => {
    const recalled = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${id}/status`,
      headers: bearer(workspace.token),
      payload: { status: 'RECALLED' },
    });
    expect(recalled.statusCode, recalled.body).toBe(200);
    const version = sealAnswer.digitalSeal.version as number;
    const archived = await get(`/api/v1/passports/${id}/history/${version}`, bearer(workspace.token));
    expect(archived.statusCode).toBe(200);
    expectServedOrder(JSON.parse(archived.body), false);
    // The live version after the move still carries the seal, in order.
    expectServedOrder((await get(`/api/v1/passports/${id}`, bearer(workspace.token))).json(), false);
  });
});
