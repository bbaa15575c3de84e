import { beforeAll, describe, expect, it } from 'vitest';
import { admin, BASE_URL, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import {
  batteryMetadata,
  createFacility,
  createOperator,
  createPassport,
  newGtin13,
  uniqueSku,
} from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('POST /api/v1/passports', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let operator: Awaited<ReturnType<typeof createOperator>>;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operator = await createOperator(app, workspace);
  });

  const post = (payload: Record<string, unknown>, token = workspace.token, query = '') =>
    app.inject({ method: 'POST', url: `/api/v1/passports${query}`, headers: bearer(token), payload });

  it('creates a passport document carrying every field of the contract', async () => {
    const facility = await createFacility(app, workspace);
    const gtin13 = newGtin13();
    const response = await post({
      productId: gtin13,
      category: 'batteries',
      originCountry: 'DE',
      operatorId: operator.id,
      facilityId: facility.id,
      metadata: batteryMetadata(),
    });
    expect(response.statusCode).toBe(201);
    const { success, passport } = response.json();
    expect(success).toBe(true);
    const gtin14 = `0${gtin13}`;
    expect(passport).toEqual({
      '@context': [`${BASE_URL}/contexts/dpp/v1`],
      '@type': 'DigitalProductPassport',
      '@id': `${BASE_URL}/01/${gtin14}`,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      productId: gtin14,
      digitalLinkUri: `${BASE_URL}/01/${gtin14}`,
      productIdScheme: ['GS1_DIGITAL_LINK', 'GTIN'],
      digitalProductPassportId: `${BASE_URL}/passport/${passport.id}`,
      uniqueProductIdentifier: `${BASE_URL}/01/${gtin14}`,
      granularity: 'model',
      dppSchemaVersion: 'batteries/v1',
      dppStatus: 'active',
      lastUpdated: passport.updatedAt,
      economicOperatorId: `DE-HRB:${operator.regId}`,
      contentSpecificationIds: [`${BASE_URL}/api/v1/schemas/batteries`],
      digitalSeal: null,
      signingPublicKey: null,
      proof: null,
      status: 'ACTIVE',
      archivedAt: null,
      retentionUntil: null,
      economicOperator: expect.objectContaining({
        '@type': 'EconomicOperator',
        id: operator.id,
        name: operator.name,
        regId: operator.regId,
        regIdScheme: 'DE-HRB',
        role: 'MANUFACTURER',
      }),
      manufacturingFacility: {
        '@type': 'ManufacturingFacility',
        gln: facility.gln,
        name: 'Cell plant Salzgitter',
        activity: 'manufacturing',
        country: 'DE',
      },
      category: 'batteries',
      originCountry: 'DE',
      metadata: batteryMetadata(),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(passport)).not.toContain('Werkstraße');
  });

  it('copies a GTIN into the metadata slot that names it, with a notice', async () => {
    const metadata = batteryMetadata();
    delete (metadata.generalInformation as Record<string, unknown>).productIdentifier;
    const gtin13 = newGtin13();
    const response = await post({
      productId: gtin13,
      category: 'batteries',
      operatorId: operator.id,
      metadata,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.passport.metadata.generalInformation.productIdentifier).toBe(`(01)0${gtin13}`);
    expect(body.notices).toEqual([
      expect.objectContaining({
        code: 'GTIN_AUTO_COPIED',
        path: '/metadata/generalInformation/productIdentifier',
      }),
    ]);
  });

  it("attributes the passport to the workspace's only operator, with a notice", async () => {
    const single = await createWorkspace(app);
    await createOperator(app, single);
    const response = await post({ productId: uniqueSku(), category: 'toys', metadata: {} }, single.token);
    // toys metadata {} fails its rules; what matters here is the operator attribution path
    expect(response.statusCode).toBe(400);
    const created = await createPassport(app, single.token);
    expect(created.economicOperator).toBeDefined();
    const again = await post(
      { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() },
      single.token,
    );
    expect(again.json().notices.map((n: { code: string }) => n.code)).toContain('OPERATOR_AUTO_ATTRIBUTED');
  });

  it('refuses a missing operatorId when the workspace has several operators', async () => {
    const several = await createWorkspace(app);
    await createOperator(app, several);
    await createOperator(app, several);
    const response = await post(
      { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() },
      several.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('operatorId'),
    });
  });

  it("uses an operator-scoped key's own operator and refuses another", async () => {
    const other = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: other.id });
    const created = await createPassport(app, token, { operatorId: undefined });
    expect((created.economicOperator as { id: string }).id).toBe(other.id);
    const refused = await post(
      { productId: newGtin13(), category: 'batteries', operatorId: operator.id, metadata: batteryMetadata() },
      token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OPERATOR_SCOPE');
  });

  it("lets an operator-scoped key attach only its own operator's facilities, on create and update", async () => {
    const own = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: own.id });
    const ownFacility = await createFacility(app, workspace, { operatorId: own.id });
    const foreignFacility = await createFacility(app, workspace, { operatorId: operator.id });
    const unattached = await createFacility(app, workspace);
    for (const facilityId of [foreignFacility.id, unattached.id]) {
      const refused = await post(
        { productId: newGtin13(), category: 'batteries', facilityId, metadata: batteryMetadata() },
        token,
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('OPERATOR_SCOPE');
    }
    const created = await createPassport(app, token, { operatorId: undefined, facilityId: ownFacility.id });
    expect((created.manufacturingFacility as { gln: string }).gln).toBe(ownFacility.gln);
    const update = (facilityId: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/passports/${created.id}`,
        headers: bearer(token),
        payload: { facilityId },
      });
    const moved = await update(foreignFacility.id);
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json().code).toBe('OPERATOR_SCOPE');
    expect((await update(ownFacility.id)).statusCode).toBe(200);
  });

  it('keeps a SKU, warning that nothing scannable links to it', async () => {
    const sku = uniqueSku();
    const response = await post({
      productId: sku,
      category: 'batteries',
      operatorId: operator.id,
      metadata: batteryMetadata(),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.passport).toMatchObject({ productId: sku, digitalLinkUri: null, productIdScheme: ['SKU'] });
    expect(body.passport['@id']).toBe(`${BASE_URL}/passport/${body.passport.id}`);
    expect(body.warnings.map((w: { code: string }) => w.code)).toContain('NON_GS1_PRODUCT_ID');
  });

  it('takes a GRAI', async () => {
    const grai = `0${newGtin13()}ASSET42`;
    const response = await post({
      productId: `8003:${grai}`,
      category: 'batteries',
      operatorId: operator.id,
      metadata: batteryMetadata(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().passport).toMatchObject({
      productId: grai,
      digitalLinkUri: `${BASE_URL}/8003/${grai}`,
      productIdScheme: ['GS1_DIGITAL_LINK', 'GRAI'],
    });
  });

  it('refuses a second passport for the same product, in any GTIN length (409)', async () => {
    const gtin13 = newGtin13();
    await createPassport(app, workspace.token, { productId: gtin13, operatorId: operator.id });
    const again = await post({
      productId: `0${gtin13}`,
      category: 'batteries',
      operatorId: operator.id,
      metadata: batteryMetadata(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: 'Conflict', code: 'CONFLICT' });
  });

  it('answers invalid data with the localised ValidationFailed body and stores nothing', async () => {
    const metadata = batteryMetadata();
    delete metadata.labelling;
    const productId = newGtin13();
    const response = await post(
      { productId, category: 'batteries', operatorId: operator.id, metadata },
      workspace.token,
      '?lang=de',
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({
      success: false,
      error: 'Validation Failed',
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      errors: [
        expect.objectContaining({
          code: 'REQUIRED_FIELD_MISSING',
          path: '/metadata/labelling',
          friendlyMessage: expect.any(String),
        }),
      ],
      warnings: [],
    });
    const english = (
      await post({ productId, category: 'batteries', operatorId: operator.id, metadata })
    ).json();
    expect(body.errors[0].friendlyMessage).not.toBe(english.errors[0].friendlyMessage);
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${productId}`,
      headers: bearer(workspace.token),
    });
    expect(read.statusCode).toBe(404);
  });

  it.each([
    [{ productId: '4006381333932', category: 'batteries' }, '/productId'],
    [{ category: 'batteries' }, '/productId'],
    [{ productId: '4006381333931', category: 'furniture' }, '/category'],
    [{ productId: '4006381333931', category: 'batteries', originCountry: 'XX' }, '/originCountry'],
    [{ productId: '4006381333931', category: 'batteries', granularity: 'pallet' }, '/granularity'],
  ])('refuses %j at %s', async (fields, path) => {
    const response = await post({ metadata: batteryMetadata(), operatorId: operator.id, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('refuses unknown fields, a bad status and foreign references', async () => {
    const base = {
      productId: newGtin13(),
      category: 'batteries',
      operatorId: operator.id,
      metadata: batteryMetadata(),
    };
    expect((await post({ ...base, colour: 'red' })).statusCode).toBe(400);
    expect((await post({ ...base, status: 'RECALLED' })).statusCode).toBe(400);
    const other = await createWorkspace(app);
    const foreignOperator = await createOperator(app, other);
    const foreign = await post({ ...base, operatorId: foreignOperator.id });
    expect(foreign.statusCode).toBe(400);
    expect((await post({ ...base, facilityId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      400,
    );
  });

  it('counts ACTIVE passports in whoami and enforces passportLimit with 402', async () => {
    const small = await createWorkspace(app);
    await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${small.id}`,
      headers: admin,
      payload: { passportLimit: 2 },
    });
    await createOperator(app, small);
    await createPassport(app, small.token);
    await createPassport(app, small.token, { status: 'DRAFT' });
    await createPassport(app, small.token);
    const whoami = (
      await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(small.token) })
    ).json();
    expect(whoami.usage).toEqual({ activePassports: 2, passportLimit: 2 });
    const over = await post(
      { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() },
      small.token,
    );
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ success: false, code: 'PASSPORT_LIMIT_REACHED' });
    const draft = await post(
      { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata(), status: 'DRAFT' },
      small.token,
    );
    expect(draft.statusCode).toBe(201);
    const publish = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${draft.json().passport.id}/status`,
      headers: bearer(small.token),
      payload: { status: 'ACTIVE' },
    });
    expect(publish.statusCode).toBe(402);
  });

  authContract({
    method: 'POST',
    path: '/api/v1/passports',
    url: () => '/api/v1/passports',
    permission: 'passport:create',
    payload: { productId: '4006381333931', category: 'batteries', metadata: {} },
  });
});
