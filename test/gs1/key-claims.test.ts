// One owner per GS1 key on the node (docs/gs1.md): once a workspace's passport carries a GTIN or a
// GRAI, no other workspace can create a passport for it, by any path (create, bulk upsert, AAS
// ingest, EN 18222 CreateDPP, a PUT that changes productId), and the refusal discloses nothing but
// itself. Deleting a draft releases its key. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { passportToEnvironment } from '../../src/domain/aas/index.ts';
import { withCheckDigit } from '../../src/domain/gs1/check-digit.ts';
import { BASE_URL, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import {
  batteryMetadata,
  createOperator,
  createPassport,
  newGtin13,
  uniqueSku,
} from '../helpers/passports.ts';
import { expectClaimed } from '../helpers/product-keys.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const newGtin12 = () => withCheckDigit(`61${String(randomInt(0, 10 ** 9)).padStart(9, '0')}`);

describe('one owner per GS1 key', () => {
  const app = useTestApp();
  /** The brand owner, who made the passport first. */
  let owner: TestWorkspace;
  /** Another workspace trying to take the key. */
  let other: TestWorkspace;
  beforeAll(async () => {
    owner = await createWorkspace(app);
    other = await createWorkspace(app);
    await createOperator(app, owner);
    await createOperator(app, other);
  });

  const body = (productId: string) => ({ productId, category: 'batteries', metadata: batteryMetadata() });
  const create = (token: string, productId: string, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: bearer(token),
      payload: { ...body(productId), ...extra },
    });
  const read = (token: string, reference: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/passports/${encodeURIComponent(reference)}`,
      headers: bearer(token),
    });
  const activePassports = async (workspace: TestWorkspace) =>
    (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(workspace.token) })).json()
      .usage.activePassports as number;

  it('refuses a GTIN another workspace holds (409), in any of its lengths, creating nothing', async () => {
    const gtin12 = newGtin12();
    const held = await createPassport(app, owner.token, { productId: gtin12 });
    const before = await activePassports(other);
    for (const written of [gtin12, `0${gtin12}`, `00${gtin12}`]) {
      const message = expectClaimed(await create(other.token, written), `01/00${gtin12}`);
      // Existence elsewhere is the refusal alone: no passport id, no workspace.
      for (const secret of [held.id, owner.id, owner.subdomain, `Workspace ${owner.subdomain}`]) {
        expect(message).not.toContain(secret);
      }
    }
    expect((await read(other.token, gtin12)).statusCode).toBe(404);
    expect(await activePassports(other)).toBe(before);
    // The key still resolves to its owner's passport on the main host.
    const resolved = await app.inject({
      method: 'GET',
      url: `/01/00${gtin12}`,
      headers: { accept: 'application/json' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().id).toBe(held.id);
  });

  it('answers a passport held elsewhere and one held by a draft with the same refusal', async () => {
    const published = await createPassport(app, owner.token);
    const draft = await createPassport(app, owner.token, { status: 'DRAFT' });
    const first = expectClaimed(await create(other.token, published.productId), `01/${published.productId}`);
    const second = expectClaimed(await create(other.token, draft.productId), `01/${draft.productId}`);
    expect(second).toBe(first.replace(published.productId, draft.productId));
  });

  it('keeps the plain CONFLICT for a productId the same workspace already has', async () => {
    const mine = await createPassport(app, owner.token);
    const again = await create(owner.token, mine.productId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
  });

  it('holds a GRAI as a key too, but leaves SKUs to every workspace', async () => {
    const grai = `8003:0${withCheckDigit(`40${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`)}A${randomInt(0, 999)}`;
    const held = await createPassport(app, owner.token, { productId: grai });
    expectClaimed(await create(other.token, grai), `8003/${held.productId}`);
    const sku = uniqueSku();
    expect((await create(owner.token, sku)).statusCode).toBe(201);
    expect((await create(other.token, sku)).statusCode).toBe(201);
  });

  it('fails that row of a bulk upsert, as other row errors do, and writes the others', async () => {
    const held = await createPassport(app, owner.token);
    const fresh = newGtin13();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passports/bulk',
      headers: bearer(other.token),
      payload: { passports: [body(held.productId), body(fresh)] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.count).toBe(1);
    expect(answer.passports.map((p: { productId: string }) => p.productId)).toEqual([`0${fresh}`]);
    expect(answer.errors).toEqual([
      expect.stringMatching(new RegExp(`^\\[row 0\\] \\[${held.productId}\\] .*01/${held.productId}`)),
    ]);
    expect(JSON.stringify(answer)).not.toContain(held.id);
    expect((await read(other.token, held.productId)).statusCode).toBe(404);
  });

  it('refuses an AAS ingest of a key another workspace holds, storing nothing', async () => {
    const held = await createPassport(app, owner.token);
    const document = (await read(owner.token, held.id)).json();
    const environment = passportToEnvironment(document, { baseUrl: BASE_URL }) as Record<string, unknown>;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passports/aas/ingest',
      headers: bearer(other.token),
      payload: environment,
    });
    expectClaimed(response, `01/${held.productId}`);
    expect((await read(other.token, held.productId)).statusCode).toBe(404);
  });

  it('refuses EN 18222 CreateDPP and UpdateDPPById of a key held elsewhere, with a Result object', async () => {
    const held = await createPassport(app, owner.token);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/dpps',
      headers: bearer(other.token),
      payload: body(held.productId),
    });
    expect(response.statusCode, response.body).toBe(409);
    const result = response.json();
    expect(result.messages[0]).toMatchObject({ messageType: 'Error', code: 'PRODUCT_KEY_CLAIMED' });
    expect(response.body).not.toContain(held.id);
    expect((await read(other.token, held.productId)).statusCode).toBe(404);

    // UpdateDPPById may change productId: onto a held key it is refused the same way.
    const mine = await createPassport(app, other.token);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/v1/dpps/${mine.id}`,
      headers: { ...bearer(other.token), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ productId: held.productId }),
    });
    expect(patched.statusCode, patched.body).toBe(409);
    expect(patched.json().messages[0]).toMatchObject({ code: 'PRODUCT_KEY_CLAIMED' });
    expect((await read(other.token, mine.id)).json().productId).toBe(mine.productId);
  });

  it('refuses a PUT that moves a passport onto a held key, and releases the key a PUT moves away from', async () => {
    const held = await createPassport(app, owner.token);
    const mine = await createPassport(app, other.token);
    const put = (token: string, id: string, productId: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/passports/${id}`,
        headers: bearer(token),
        payload: { productId },
      });
    expectClaimed(await put(other.token, mine.id, held.productId), `01/${held.productId}`);
    const unchanged = (await read(other.token, mine.id)).json();
    expect(unchanged.productId).toBe(mine.productId);

    // The owner moves its passport to another GTIN: the old one is free, the new one is held.
    const next = newGtin13();
    expect((await put(owner.token, held.id, next)).statusCode).toBe(200);
    expect((await create(other.token, held.productId)).statusCode).toBe(201);
    expectClaimed(await create(other.token, next), `01/0${next}`);
  });

  it('releases the key of a deleted draft', async () => {
    const draft = await createPassport(app, owner.token, { status: 'DRAFT' });
    expectClaimed(await create(other.token, draft.productId), `01/${draft.productId}`);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/passports/${draft.id}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(204);
    const taken = await create(other.token, draft.productId);
    expect(taken.statusCode, taken.body).toBe(201);
    expectClaimed(await create(owner.token, draft.productId), `01/${draft.productId}`);
  });

  it('gives each key one owner when two bulk calls claim the same keys in opposite orders', async () => {
    const keys = Array.from({ length: 12 }, () => newGtin13());
    const bulk = (token: string, order: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/passports/bulk',
        headers: bearer(token),
        payload: { passports: order.map(body) },
      });
    const answers = await Promise.all([bulk(owner.token, keys), bulk(other.token, [...keys].reverse())]);
    const created = answers.flatMap((answer) => {
      expect([200, 201], answer.body).toContain(answer.statusCode);
      const { passports, errors = [] } = answer.json();
      for (const error of errors) expect(error).toMatch(/belongs to another workspace/);
      return passports.map((passport: { productId: string }) => passport.productId);
    });
    expect(created.sort()).toEqual(keys.map((key) => `0${key}`).sort());
  });

  it('lets exactly one of two concurrent creates of one key from two workspaces succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const gtin = newGtin13();
      const answers = await Promise.all([create(owner.token, gtin), create(other.token, gtin)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409) as LightMyRequestResponse;
      expect(refused.json().code).toBe('PRODUCT_KEY_CLAIMED');
    }
  });
});
