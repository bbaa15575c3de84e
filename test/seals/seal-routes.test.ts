import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, signingKeys } from '../../src/db/schema.ts';
import { decryptSecret } from '../../src/domain/crypto/secret-box.ts';
import { sealFixture } from '../../src/domain/seal/fixtures.ts';
import { sealDocument, verifySealedDocument } from '../../src/domain/seal/index.ts';
import { bearer, createKey, createWorkspace, TEST_MASTER_KEY, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { privateKeyMaterialIn } from '../helpers/secret-scan.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

type Doc = Record<string, unknown> & { id: string; digitalSeal: Record<string, unknown> | null };

describe('seals over the API', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = workspace.token) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });
  const seal = (id: string, token?: string) => call('POST', `/api/v1/passports/${id}/seal`, undefined, token);
  const verify = (document: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/audit/verify', payload: { document } as object });
  const read = async (id: string) => (await call('GET', `/api/v1/passports/${id}`)).json() as Doc;

  it('seals the current content as a new version, audited, and the served document verifies', async () => {
    const passport = await createPassport(app, workspace.token);
    const response = await seal(passport.id);
    expect(response.statusCode).toBe(200);
    const sealed = response.json().passport as Doc;
    expect(sealed.digitalSeal).toMatchObject({
      type: 'AdvancedElectronicSeal',
      qualified: false,
      passportId: passport.id,
      version: 2,
      timestampStatus: 'none',
    });
    expect(sealed.signingPublicKey).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(sealed.signingPublicKey).not.toHaveProperty('d');

    const history = (await call('GET', `/api/v1/passports/${passport.id}/history`)).json();
    expect(history.currentVersion).toBe(2);
    const { db } = await testDatabase();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, passport.id), eq(auditEvents.action, 'passport.sealed')));
    expect(audit).toHaveLength(1);

    const result = await verify(await read(passport.id));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({
      success: true,
      valid: true,
      checks: {
        merkleRoot: true,
        signature: true,
        certificateChain: true,
        timestamp: null,
        operatorBinding: true,
      },
      reasons: [],
    });
  });

  it('fails verification when any sealed value changes', async () => {
    const passport = await createPassport(app, workspace.token);
    await seal(passport.id);
    const document = await read(passport.id);
    const metadata = structuredClone(document.metadata) as Record<string, Record<string, unknown>>;
    (metadata.generalInformation as Record<string, unknown>).batteryModel = 'forged';
    const result = (await verify({ ...document, metadata })).json();
    expect(result.valid).toBe(false);
    expect(result.checks.merkleRoot).toBe(false);
  });

  it('refuses to seal a draft; keeps the seal through a recall; a PUT makes new content unsealed', async () => {
    const draft = await createPassport(app, workspace.token, { status: 'DRAFT' });
    expect((await seal(draft.id)).statusCode).toBe(409);

    const passport = await createPassport(app, workspace.token);
    await seal(passport.id);
    expect(
      (await call('PUT', `/api/v1/passports/${passport.id}/status`, { status: 'RECALLED' })).statusCode,
    ).toBe(200);
    const recalled = await read(passport.id);
    expect(recalled.digitalSeal).not.toBeNull();
    expect((await verify(recalled)).json().valid).toBe(true);

    const updated = await call('PUT', `/api/v1/passports/${passport.id}`, { metadata: batteryMetadata() });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().passport).toMatchObject({ digitalSeal: null, signingPublicKey: null, proof: null });
    // The archived sealed version keeps its proof and still verifies.
    const archived = await call('GET', `/api/v1/passports/${passport.id}/history/3`);
    expect(archived.statusCode).toBe(200);
    expect((await verify(JSON.parse(archived.body))).json().valid).toBe(true);
  });

  it('rotates keys: new seals use the new key, old seals still verify, did.json lists both', async () => {
    const own = await createWorkspace(app);
    await createOperator(app, own);
    const first = await createPassport(app, own.token);
    const firstSeal = (await seal(first.id, own.token)).json().passport.digitalSeal;

    const rotated = await call('POST', '/api/v1/tenants/rotate-keys', undefined, own.token);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json();
    expect(body.activeKey.kid).not.toBe(firstSeal.keyId);
    expect(body.keys.map((key: { kid: string; status: string }) => [key.kid, key.status])).toEqual([
      [firstSeal.keyId, 'retired'],
      [body.activeKey.kid, 'active'],
    ]);

    const second = await createPassport(app, own.token);
    expect((await seal(second.id, own.token)).json().passport.digitalSeal.keyId).toBe(body.activeKey.kid);
    const old = await call('GET', `/api/v1/passports/${first.id}`, undefined, own.token);
    expect((await verify(old.json())).json().valid).toBe(true);

    const did = await app.inject({ method: 'GET', url: `/tenants/${own.id}/did.json` });
    expect(did.statusCode).toBe(200);
    expect(did.headers['content-type']).toMatch(/^application\/did\+json/);
    const document = did.json();
    expect(document.id).toBe(`did:web:dpp.example.test:tenants:${own.id}`);
    expect(document.assertionMethod).toEqual([
      `${document.id}#${firstSeal.keyId}`,
      `${document.id}#${body.activeKey.kid}`,
    ]);
    expect(privateKeyMaterialIn(did.body)).toBeNull();
  });

  it('lets only workspace-wide keys with tenant:manage rotate', async () => {
    const other = await createWorkspace(app);
    const operator = await createOperator(app, other);
    const scoped = await createKey(app, other, { name: 'scoped', operatorId: operator.id });
    expect((await call('POST', '/api/v1/tenants/rotate-keys', undefined, scoped.token)).statusCode).toBe(403);
    const auditor = await createKey(app, other, { name: 'auditor', role: 'AUDITOR' });
    expect((await call('POST', '/api/v1/tenants/rotate-keys', undefined, auditor.token)).statusCode).toBe(
      403,
    );
  });

  it('declines a seal whose key is not registered here, without evaluating it', async () => {
    const fixture = await sealFixture();
    const passport = await createPassport(app, workspace.token);
    const document = await read(passport.id);
    const { digitalSeal: _s, signingPublicKey: _k, proof: _p, ...content } = document;
    const foreign = {
      ...content,
      ...(await sealDocument(content, {
        passportId: passport.id,
        version: 1,
        sealedAt: new Date(),
        key: fixture.key,
        certificatePem: fixture.certificatePem,
      })),
    };
    const result = (await verify(foreign)).json();
    expect(result).toMatchObject({
      valid: false,
      checks: {
        merkleRoot: null,
        signature: null,
        certificateChain: null,
        timestamp: null,
        operatorBinding: null,
      },
    });
    expect(result.reasons[0]).toMatch(/not registered to a workspace of this node/);

    // Offline, against our CA, such a certificate fails the chain check.
    const ca = await app.inject({ method: 'GET', url: '/.well-known/opendpp-seal-ca.pem' });
    expect(ca.statusCode).toBe(200);
    expect(ca.body).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const offline = await verifySealedDocument(foreign, { caCertificatePem: ca.body });
    expect(offline.checks.certificateChain).toBe(false);
  });

  it('fails operatorBinding when the signing workspace is not bound to the declared operator', async () => {
    const passport = await createPassport(app, workspace.token);
    await seal(passport.id);
    const document = await read(passport.id);
    // A document sealed with this workspace's own key that declares someone else's operator.
    const { db } = await testDatabase();
    const [row] = await db
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.tenantId, workspace.id), eq(signingKeys.status, 'active')));
    if (!row) throw new Error('no active key');
    const privateJwk = JSON.parse(
      decryptSecret(
        Buffer.from(TEST_MASTER_KEY, 'hex'),
        row.privateKeyBox,
        `signing-key:${workspace.id}:${row.id}`,
      ),
    );
    const { digitalSeal: _s, signingPublicKey: _k, proof: _p, ...content } = document;
    const claimed = {
      ...content,
      economicOperator: {
        ...(content.economicOperator as object),
        regIdScheme: 'EORI',
        regId: 'DE999999999999',
      },
    };
    const resealed = await sealDocument(claimed, {
      passportId: passport.id,
      version: 9,
      sealedAt: new Date(),
      key: { kid: row.id, privateJwk, publicJwk: row.publicJwk },
      certificatePem: row.certificatePem,
    });
    const result = (await verify({ ...claimed, ...resealed })).json();
    expect(result.checks).toMatchObject({
      merkleRoot: true,
      signature: true,
      certificateChain: true,
      operatorBinding: false,
    });
    expect(result.valid).toBe(false);
  });

  it('answers 400 for a document without a seal or not an object', async () => {
    const passport = await createPassport(app, workspace.token);
    expect((await verify(await read(passport.id))).statusCode).toBe(400);
    expect((await verify('text')).statusCode).toBe(400);
    expect((await verify([1])).statusCode).toBe(400);
  });

  it('answers 404 for the DID document of an unknown workspace', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await app.inject({ method: 'GET', url: `/tenants/${id}/did.json` })).statusCode).toBe(404);
    }
  });
});
