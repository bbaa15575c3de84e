// POST /api/v1/passports/aas/ingest: create and re-ingest (versioned, audited), seals that verify and
// seals that do not (nothing stored), malformed environments with the path of each problem, the
// route's higher nesting limit, permissions, operator scope and quota.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema.ts';
import { passportToEnvironment } from '../../src/domain/aas/index.ts';
import { CATEGORIES } from '../../src/domain/categories/types.ts';
import { exampleMetadata } from '../../src/domain/passports/samples.ts';
import { admin, BASE_URL, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

type Doc = Record<string, unknown> & { id: string; productId: string; metadata: Record<string, unknown> };

const INGEST = '/api/v1/passports/aas/ingest';

/** Levels of objects and arrays a JSON value nests (the value itself is level 1). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('AAS ingest', () => {
  const app = useTestApp();
  let source: TestWorkspace;
  let workspace: TestWorkspace;
  beforeAll(async () => {
    source = await createWorkspace(app);
    workspace = await createWorkspace(app);
    await createOperator(app, source);
    await createOperator(app, workspace);
  });

  const ingest = (environment: unknown, token = workspace.token) =>
    app.inject({ method: 'POST', url: INGEST, headers: bearer(token), payload: environment as object });
  const read = async (reference: string, token = workspace.token) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/passports/${encodeURIComponent(reference)}`,
      headers: bearer(token),
    });
  const environmentOf = (document: Record<string, unknown>) =>
    passportToEnvironment(document, { baseUrl: BASE_URL }) as Record<string, unknown>;
  /**
   * A GS1 key has one owner on a node (docs/gs1.md), so an environment made here stands for one
   * exported by another node only once the source passport has let go of its key: it moves to a
   * fresh GTIN after its document is read.
   */
  const releaseKey = async (id: string) => {
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${id}`,
      headers: bearer(source.token),
      payload: { productId: newGtin13() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  /** A passport made in the source workspace, as its owner reads it, with its key released. */
  const sourceDocument = async (body: Record<string, unknown> = {}) => {
    const { id } = await createPassport(app, source.token, body);
    const document = (await read(id, source.token)).json() as Doc;
    await releaseKey(id);
    return document;
  };

  it('creates a passport from an environment (201), with the content the environment carries', async () => {
    const document = await sourceDocument();
    const response = await ingest(environmentOf(document));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().passport as Doc;
    expect(created.id).not.toBe(document.id);
    expect(created).toMatchObject({
      productId: document.productId,
      category: document.category,
      originCountry: document.originCountry,
      granularity: document.granularity,
      metadata: document.metadata,
    });
    const { db } = await testDatabase();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, created.id), eq(auditEvents.action, 'passport.created')));
    expect(audit).toHaveLength(1);
  });

  it('updates the passport with the same productId (200), archiving the replaced state', async () => {
    const document = await sourceDocument();
    expect((await ingest(environmentOf(document))).statusCode).toBe(201);
    const changed = structuredClone(document);
    (changed.metadata.performance as Record<string, unknown>).ratedCapacity = 4242;
    changed.originCountry = 'FR';
    const response = await ingest(environmentOf(changed));
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().passport as Doc;
    expect(updated.originCountry).toBe('FR');
    expect((updated.metadata.performance as Record<string, unknown>).ratedCapacity).toBe(4242);
    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${updated.id}/history`,
      headers: bearer(workspace.token),
    });
    expect(history.json()).toMatchObject({ total: 1, versions: [{ changeReason: 'AAS re-ingest' }] });
  });

  it.each(CATEGORIES)(
    'round-trips the %s example: passport → environment → ingest → the same content',
    async (category) => {
      const document = await sourceDocument({ category, metadata: exampleMetadata(category) });
      const response = await ingest(environmentOf(document));
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json().passport as Doc;
      for (const member of ['productId', 'category', 'originCountry', 'granularity', 'metadata']) {
        expect(created[member], member).toEqual(document[member]);
      }
    },
  );

  it('lives beside /api/v1/passports/{id} without taking its paths', async () => {
    const get = await app.inject({ method: 'GET', url: INGEST, headers: bearer(workspace.token) });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const aas = await read('aas');
    expect(aas.statusCode).toBe(404);
    const sku = await createPassport(app, workspace.token, { productId: 'aas' });
    expect((await read('aas')).json().id).toBe(sku.id);
  });

  it('takes the body as application/aas+json too', async () => {
    const document = await sourceDocument();
    const response = await app.inject({
      method: 'POST',
      url: INGEST,
      headers: { ...bearer(workspace.token), 'content-type': 'application/aas+json' },
      payload: JSON.stringify(environmentOf(document)),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  describe('seals', () => {
    const sealedDocument = async () => {
      const passport = await createPassport(app, source.token);
      const sealed = await app.inject({
        method: 'POST',
        url: `/api/v1/passports/${passport.id}/seal`,
        headers: bearer(source.token),
      });
      expect(sealed.statusCode, sealed.body).toBe(200);
      const document = (await read(passport.id, source.token)).json() as Doc;
      await releaseKey(passport.id);
      return document;
    };

    it('ingests an environment whose seal verifies against this node', async () => {
      const document = await sealedDocument();
      expect(document.digitalSeal).not.toBeNull();
      const response = await ingest(environmentOf(document));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().passport.metadata).toEqual(document.metadata);
    });

    it('refuses a sealed environment with one changed value (400), and stores nothing', async () => {
      const document = await sealedDocument();
      const tampered = structuredClone(document);
      (tampered.metadata.performance as Record<string, unknown>).ratedCapacity = 1;
      const response = await ingest(environmentOf(tampered));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'BAD_REQUEST',
        errors: [{ path: expect.stringMatching(/^\/submodels\/\d+$/), message: expect.any(String) }],
      });
      expect((await read(document.productId)).statusCode).toBe(404);
      // Nor does a re-ingest over an existing passport change it.
      expect((await ingest(environmentOf(document))).statusCode).toBe(201);
      const again = structuredClone(document);
      (again.metadata.performance as Record<string, unknown>).ratedCapacity = 2;
      expect((await ingest(environmentOf(again))).statusCode).toBe(400);
      const stored = (await read(document.productId)).json() as Doc;
      expect(stored.metadata).toEqual(document.metadata);
    });
  });

  describe('malformed environments', () => {
    it('answers 400 with the JSON pointer of each problem', async () => {
      const document = await sourceDocument();
      const environment = environmentOf(document);
      const shells = environment.assetAdministrationShells as Record<string, unknown>[];
      (shells[0] as Record<string, unknown>).idShort = 'not valid!';
      (shells[0] as Record<string, unknown>).surplus = 1;
      const response = await ingest(environment);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { path: '/assetAdministrationShells/0/idShort', message: expect.any(String) },
        ]),
      );
      expect((await read(document.productId)).statusCode).toBe(404);
    });

    it('refuses an environment without a passport submodel, a wrong model type, and a non-object body', async () => {
      const empty = await ingest({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual([{ path: '/submodels', message: expect.any(String) }]);
      const wrongType = await ingest({ submodels: [{ modelType: 'Nope', id: 'x' }] });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().errors[0].path).toMatch(/^\/submodels\/0/);
      const array = await app.inject({
        method: 'POST',
        url: INGEST,
        headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(array.statusCode).toBe(400);
    });
  });

  describe('nesting', () => {
    /** A submodel of collections nested `levels` deep: valid AAS, outside the passport it carries. */
    const nestedSubmodel = (levels: number) => {
      let element: Record<string, unknown> = {
        modelType: 'Property',
        idShort: 'leaf',
        valueType: 'xs:string',
        value: 'x',
      };
      for (let i = 0; i < levels; i++) {
        element = { modelType: 'SubmodelElementCollection', idShort: `level${i}`, value: [element] };
      }
      return { modelType: 'Submodel', id: 'urn:example:engineering-notes', submodelElements: [element] };
    };

    it('accepts an environment nesting far deeper than the 32 levels of other bodies', async () => {
      const document = await sourceDocument();
      const environment = environmentOf(document);
      (environment.submodels as unknown[]).push(nestedSubmodel(30));
      expect(depthOf(environment)).toBeGreaterThan(60);
      const response = await ingest(environment);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().passport.metadata).toEqual(document.metadata);
    });

    it('still refuses a body past its own limit, before reading it', async () => {
      let deep: unknown = 1;
      for (let i = 0; i < 200; i++) deep = [deep];
      const response = await ingest({ submodels: deep });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/deeper than 128 levels/);
    });
  });

  describe('permissions, scope and quota', () => {
    it('needs passport:create to create and passport:update to update', async () => {
      const document = await sourceDocument();
      const { token: updater } = await createKey(app, workspace, { permissions: ['passport:update'] });
      const refused = await ingest(environmentOf(document), updater);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('INSUFFICIENT_PERMISSION');
      const { token: creator } = await createKey(app, workspace, { permissions: ['passport:create'] });
      expect((await ingest(environmentOf(document), creator)).statusCode).toBe(201);
      const again = await ingest(environmentOf(document), creator);
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toMatch(/passport:update/);
      expect((await ingest(environmentOf(document), updater)).statusCode).toBe(200);
      const anonymous = await app.inject({ method: 'POST', url: INGEST, payload: environmentOf(document) });
      expect(anonymous.statusCode).toBe(401);
    });

    it("refuses an operator-scoped key another operator's passport", async () => {
      const scoped = await createWorkspace(app);
      const mine = await createOperator(app, scoped);
      const theirs = await createOperator(app, scoped);
      const { token } = await createKey(app, scoped, { operatorId: mine.id });
      const foreign = await createPassport(app, scoped.token, { operatorId: theirs.id });
      const document = (await read(foreign.id, scoped.token)).json() as Doc;
      const response = await ingest(environmentOf(document), token);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('OPERATOR_SCOPE');
      // A new passport by the scoped key is its operator's.
      const fresh = await sourceDocument();
      const created = await ingest(environmentOf(fresh), token);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().passport.economicOperator.id).toBe(mine.id);
    });

    it("obeys the workspace's passport quota", async () => {
      const limited = await createWorkspace(app);
      await createOperator(app, limited);
      await createPassport(app, limited.token);
      const patched = await app.inject({
        method: 'PATCH',
        url: `/admin/v1/workspaces/${limited.id}`,
        headers: admin,
        payload: { passportLimit: 1 },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const document = await sourceDocument({ productId: newGtin13() });
      const response = await ingest(environmentOf(document), limited.token);
      expect(response.statusCode).toBe(402);
      expect(response.json().code).toBe('PASSPORT_LIMIT_REACHED');
    });
  });
});

describe('POST /api/v1/passports/aas/ingest', () => {
  // The permission (passport:create or passport:update) depends on the body, so the contract runs
  // without one; the refusals it checks come before the body is read.
  authContract({ method: 'POST', path: '/api/v1/passports/aas/ingest', url: () => INGEST, payload: {} });
});
