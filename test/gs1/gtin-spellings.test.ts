// One GTIN, whatever its spelling (docs/gs1.md): a productId given as the element string `(01)…`, a
// GS1 Digital Link URI on any host or the digits grouped by spaces is that GTIN, stored in 14 digits,
// resolved at `/01/<gtin14>` and claimed on the node exactly like the plain digits. What is written
// like a GTIN but is none is 400 naming productId and what is wrong, on every path that takes one,
// and never kept as a SKU.
import { beforeAll, describe, expect, it } from 'vitest';
import { passportToEnvironment } from '../../src/domain/aas/index.ts';
import { BASE_URL, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { expectClaimed } from '../helpers/product-keys.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/** The spellings of a GTIN-13 other than its plain digits. */
const SPELLINGS: [string, (gtin13: string) => string][] = [
  ['the element string', (gtin13) => `(01)0${gtin13}`],
  ['the element string with a serial', (gtin13) => `(01)0${gtin13}(21)A1`],
  ['a Digital Link on GS1’s resolver', (gtin13) => `https://id.gs1.org/01/0${gtin13}`],
  [
    'a Digital Link on a brand host',
    (gtin13) => `https://brand.example/dl/01/${gtin13}/21/7?linkType=gs1:pip`,
  ],
  [
    'the digits grouped by spaces',
    (gtin13) => `${gtin13.slice(0, 1)} ${gtin13.slice(1, 7)} ${gtin13.slice(7)}`,
  ],
];

/** A GTIN-13 with its check digit turned wrong, and the digit it should have had. */
function wrongCheckDigit(gtin13: string): { wrong: string; expected: string } {
  const expected = gtin13.slice(-1);
  return { wrong: `${gtin13.slice(0, -1)}${(Number(expected) + 1) % 10}`, expected };
}

describe('a GTIN in any spelling', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let other: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    other = await createWorkspace(app);
    await createOperator(app, workspace);
    await createOperator(app, other);
  });

  const body = (productId: string) => ({ productId, category: 'batteries', metadata: batteryMetadata() });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = workspace.token) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = (productId: string, token = workspace.token) =>
    call('POST', '/api/v1/passports', body(productId), token);
  const resolve = (gtin14: string) =>
    app.inject({ method: 'GET', url: `/01/${gtin14}`, headers: { accept: 'application/json' } });

  /** 400 VALIDATION_FAILED with one INVALID_PRODUCT_ID item at /productId whose message says `why`. */
  function expectRefused(response: { statusCode: number; body: string; json: () => unknown }, why: string) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining(why),
      errors: [
        {
          code: 'INVALID_PRODUCT_ID',
          path: '/productId',
          message: expect.stringContaining(why),
          friendlyMessage: expect.any(String),
        },
      ],
    });
  }

  it.each(SPELLINGS)('stores %s as the GTIN-14 that /01/ resolves', async (_, spell) => {
    const gtin13 = newGtin13();
    const spelling = spell(gtin13);
    const response = await create(spelling);
    expect(response.statusCode, response.body).toBe(201);
    const { passport } = response.json();
    expect(passport).toMatchObject({
      productId: `0${gtin13}`,
      productIdScheme: ['GS1_DIGITAL_LINK', 'GTIN'],
      digitalLinkUri: `${BASE_URL}/01/0${gtin13}`,
    });
    const resolved = await resolve(`0${gtin13}`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().id).toBe(passport.id);
    // The same spelling names it in a read, and a second create of it is the workspace's 409.
    const read = await call('GET', `/api/v1/passports/${encodeURIComponent(spelling)}`);
    expect(read.json().id).toBe(passport.id);
    expect((await create(spelling)).statusCode).toBe(409);
  });

  it.each(SPELLINGS)(
    'claims %s like the plain digits, against another workspace either way round',
    async (_, spell) => {
      // The plain digits first, then the spelling elsewhere.
      const first = newGtin13();
      await createPassport(app, workspace.token, { productId: first });
      expectClaimed(await create(spell(first), other.token), `01/0${first}`);
      // The spelling first, then the plain digits (in either length) elsewhere.
      const next = newGtin13();
      expect((await create(spell(next))).statusCode).toBe(201);
      expectClaimed(await create(next, other.token), `01/0${next}`);
      expectClaimed(await create(`0${next}`, other.token), `01/0${next}`);
    },
  );

  it('refuses what is written like a GTIN but is none, naming the check digit it expected', async () => {
    const { wrong, expected } = wrongCheckDigit(newGtin13());
    const cases: [string, string][] = [
      [wrong, `call for ${expected}`],
      [`(01)0${wrong}`, `call for ${expected}`],
      [`https://id.gs1.org/01/0${wrong}`, `call for ${expected}`],
      [`${wrong.slice(0, 4)} ${wrong.slice(4)}`, `call for ${expected}`],
      [`1${newGtin13()}123`, 'at most 14 digits; this one has 17'],
      ['123456789012345678', 'at most 14 digits; this one has 18'],
      ['1234567890', 'a GTIN has 8, 12, 13 or 14 digits; this one has 10'],
      ['(01)4012345', 'a GTIN has 8, 12, 13 or 14 digits; this one has 7'],
      ['https://shop.example/01/summer-jacket', 'a GTIN is digits only'],
    ];
    for (const [productId, why] of cases) {
      expectRefused(await create(productId), why);
      // Nothing was kept under the text as given, as a SKU or otherwise.
      expect((await call('GET', `/api/v1/passports/${encodeURIComponent(productId)}`)).statusCode).toBe(404);
    }
    // SKUs that are not written like GTINs stay SKUs.
    for (const sku of ['SKU-1234567890', '1234567', '4006-3813-3393-1', 'https://shop.example/jacket']) {
      const response = await create(sku);
      expect(response.statusCode, `${sku}: ${response.body}`).toBe(201);
      expect(response.json().passport).toMatchObject({ productId: sku, productIdScheme: ['SKU'] });
    }
  });

  it('holds on a productId change, bulk, AAS ingest, EN 18222 CreateDPP and the dry run', async () => {
    const { wrong, expected } = wrongCheckDigit(newGtin13());
    const why = `call for ${expected}`;

    // A PUT that changes productId.
    const moved = await createPassport(app, workspace.token);
    const target = newGtin13();
    const put = await call('PUT', `/api/v1/passports/${moved.id}`, { productId: `(01)0${target}` });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().passport.productId).toBe(`0${target}`);
    expect((await resolve(`0${target}`)).json().id).toBe(moved.id);
    expectRefused(await call('PUT', `/api/v1/passports/${moved.id}`, { productId: wrong }), why);

    // Bulk: a spelled row is written (and a second call with the plain digits updates it).
    const bulkGtin = newGtin13();
    const bulk = await call('POST', '/api/v1/passports/bulk', {
      passports: [body(`https://id.gs1.org/01/0${bulkGtin}`), body(wrong)],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(bulk.json().passports.map((p: { productId: string }) => p.productId)).toEqual([`0${bulkGtin}`]);
    expect(bulk.json().errors).toEqual([expect.stringContaining(why)]);
    const upsert = await call('POST', '/api/v1/passports/bulk', { passports: [body(bulkGtin)] });
    expect(upsert.statusCode, upsert.body).toBe(201);
    expect(upsert.json().passports[0].id).toBe(bulk.json().passports[0].id);

    // AAS ingest of a document whose productId is an element string.
    const aasGtin = newGtin13();
    const source = (await call('GET', `/api/v1/passports/${moved.id}`)).json();
    const environment = (productId: string) =>
      passportToEnvironment({ ...source, productId }, { baseUrl: BASE_URL }) as Record<string, unknown>;
    const ingested = await call('POST', '/api/v1/passports/aas/ingest', environment(`(01)0${aasGtin}`));
    expect(ingested.statusCode, ingested.body).toBe(201);
    expect((await resolve(`0${aasGtin}`)).statusCode).toBe(200);
    expectClaimed(await create(aasGtin, other.token), `01/0${aasGtin}`);
    const refusedAas = await call('POST', '/api/v1/passports/aas/ingest', environment(wrong));
    expect(refusedAas.statusCode, refusedAas.body).toBe(400);
    expect(refusedAas.body).toContain(why);

    // EN 18222 CreateDPP: the Result object carries the same reason.
    const lifeCycleGtin = newGtin13();
    const created = await call('POST', '/v1/dpps', body(`https://id.gs1.org/01/0${lifeCycleGtin}`));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().productId).toBe(`0${lifeCycleGtin}`);
    const refusedDpp = await call('POST', '/v1/dpps', body(wrong));
    expect(refusedDpp.statusCode).toBe(400);
    expect(refusedDpp.json().messages[0].text).toContain(why);

    // The dry run says the same as a create would, and a spelling passes it.
    const dryRun = await call('POST', '/api/v1/passports/validate-only', body(wrong));
    expect(dryRun.json().errors).toEqual([
      expect.objectContaining({
        code: 'INVALID_PRODUCT_ID',
        path: '/productId',
        message: expect.stringContaining(why),
      }),
    ]);
    const spelled = (
      await call('POST', '/api/v1/passports/validate-only', body(`(01)0${newGtin13()}`))
    ).json();
    expect(spelled.success).toBe(true);
    expect(spelled.warnings.map((item: { code: string }) => item.code)).not.toContain('NON_GS1_PRODUCT_ID');
  });
});
