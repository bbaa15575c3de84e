import { beforeAll, describe, expect, it } from 'vitest';
import { categorySchemas } from '../../src/domain/categories/schemas/index.ts';
import { SCHEMA_CATEGORIES } from '../../src/domain/categories/types.ts';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const GTIN = '4006381333931';
const batteryExample = (categorySchemas.batteries.examples as Record<string, unknown>[])[0];

describe('category endpoints', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  describe('GET /api/v1/schemas/{category}', () => {
    it.each(SCHEMA_CATEGORIES)(
      'serves the %s schema publicly, identified by its own URL',
      async (category) => {
        const response = await app.inject({ method: 'GET', url: `/api/v1/schemas/${category}` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/schema\+json/);
        const schema = response.json();
        expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(schema.$id).toBe(`${BASE_URL}/api/v1/schemas/${category}`);
        expect(schema.examples.length).toBeGreaterThan(0);
      },
    );

    it('answers 404 for an unknown category, and explains rule-checked ones', async () => {
      const unknown = await app.inject({ method: 'GET', url: '/api/v1/schemas/furniture' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const ruled = await app.inject({ method: 'GET', url: '/api/v1/schemas/cosmetics' });
      expect(ruled.statusCode).toBe(404);
      expect(ruled.json().message).toMatch(/built-in rules/);
    });
  });

  describe('POST /api/v1/passports/validate-only', () => {
    const validate = (payload: unknown, headers: Record<string, string> = {}, query = '') =>
      app.inject({
        method: 'POST',
        url: `/api/v1/passports/validate-only${query}`,
        headers: { ...bearer(workspace.token), ...headers },
        payload: payload as Record<string, unknown>,
      });

    it('accepts a complete battery passport body', async () => {
      const response = await validate({
        productId: GTIN,
        category: 'batteries',
        originCountry: 'DE',
        metadata: batteryExample,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, errors: [], warnings: [], notices: [] });
    });

    it('reports every problem as an item with a code, a path and localisable text', async () => {
      const metadata = structuredClone(batteryExample) as Record<string, unknown>;
      const required = (categorySchemas.batteries.required as string[])[0] as string;
      delete metadata[required];
      const response = await validate({
        productId: '4006381333932',
        category: 'batteries',
        originCountry: 'Germany',
        granularity: 'pallet',
        metadata,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(false);
      const byPath = Object.fromEntries(
        body.errors.map((e: { path: string; code: string }) => [e.path, e.code]),
      );
      expect(byPath).toMatchObject({
        '/productId': 'INVALID_PRODUCT_ID',
        '/originCountry': 'PATTERN_MISMATCH',
        '/granularity': 'VALUE_NOT_ALLOWED',
        [`/metadata/${required}`]: 'REQUIRED_FIELD_MISSING',
      });
      for (const item of body.errors) {
        expect(item).toEqual({
          code: expect.any(String),
          path: expect.any(String),
          message: expect.any(String),
          friendlyMessage: expect.any(String),
        });
      }
    });

    it('localises friendlyMessage by ?lang= over Accept-Language, English by default', async () => {
      const payload = { productId: GTIN, category: 'batteries', metadata: 'nope' };
      const english = (await validate(payload)).json().errors[0];
      const german = (await validate(payload, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).json()
        .errors[0];
      const french = (await validate(payload, { 'accept-language': 'de' }, '?lang=fr')).json().errors[0];
      expect(english.code).toBe('METADATA_NOT_OBJECT');
      expect(german.code).toBe('METADATA_NOT_OBJECT');
      expect(german.message).toBe(english.message);
      expect(german.friendlyMessage).not.toBe(english.friendlyMessage);
      expect(french.friendlyMessage).not.toBe(german.friendlyMessage);
      expect(french.friendlyMessage).not.toBe(english.friendlyMessage);
    });

    it('warns about a SKU and about personal data in public fields', async () => {
      const response = await validate({ productId: 'SKU-ACME-42', category: 'toys', metadata: {} });
      const body = response.json();
      expect(body.warnings.map((w: { code: string }) => w.code)).toContain('NON_GS1_PRODUCT_ID');
    });

    it('answers 400 for a body that is not an object, and the framework body for bad JSON', async () => {
      const array = await validate([1, 2]);
      expect(array.statusCode).toBe(400);
      expect(array.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
      const broken = await app.inject({
        method: 'POST',
        url: '/api/v1/passports/validate-only',
        headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
        payload: '{',
      });
      expect(broken.json()).toMatchObject({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    });

    authContract({
      method: 'POST',
      path: '/api/v1/passports/validate-only',
      url: () => '/api/v1/passports/validate-only',
      permission: 'passport:read',
      payload: { productId: GTIN, category: 'toys', metadata: {} },
    });
  });

  describe('POST /api/v1/passports/validate-only-public', () => {
    it('needs no credentials and allows 10 requests a minute per IP', async () => {
      const ip = randomIp();
      const call = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/passports/validate-only-public?lang=sv',
          remoteAddress: ip,
          payload: { productId: GTIN, category: 'chemicals', metadata: {} },
        });
      for (let i = 0; i < 10; i++) {
        const response = await call();
        expect(response.statusCode).toBe(200);
        expect(response.json().success).toBe(false);
      }
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    });
  });

  describe('GET /api/v1/materials', () => {
    it('lists the vocabulary and filters it', async () => {
      const all = (await app.inject({ method: 'GET', url: '/api/v1/materials' })).json();
      expect(all.success).toBe(true);
      expect(all.count).toBe(all.materials.length);
      expect(all.count).toBeGreaterThan(50);
      const cobalt = (await app.inject({ method: 'GET', url: '/api/v1/materials?q=cobalt' })).json();
      expect(cobalt.materials.some((m: { casNumber?: string }) => m.casNumber === '7440-48-4')).toBe(true);
      const critical = (await app.inject({ method: 'GET', url: '/api/v1/materials?critical=true' })).json();
      expect(critical.materials.every((m: { criticalRawMaterial: boolean }) => m.criticalRawMaterial)).toBe(
        true,
      );
      expect(critical.count).toBeLessThan(all.count);
      const bad = await app.inject({ method: 'GET', url: '/api/v1/materials?critical=maybe' });
      expect(bad.statusCode).toBe(400);
    });
  });
});
