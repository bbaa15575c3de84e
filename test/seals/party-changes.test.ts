// A change to an operator or facility that a sealed passport shows: the sealed version stays in
// history and keeps verifying, the live passport becomes a new unsealed version (audited, notified,
// sent to webhooks with its cause), and no read of the passport ever answers 500.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notifications, webhookOutbox } from '../../src/db/schema.ts';
import { verifySealedDocument } from '../../src/domain/seal/index.ts';
import {
  type ApiMethod,
  apiCall,
  BASE_URL,
  createWorkspace,
  randomIp,
  type TestWorkspace,
} from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

type Doc = Record<string, unknown> & { id: string; version?: number; digitalSeal: unknown };

const host = new URL(BASE_URL).host;

describe('party changes on sealed passports', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let operator: { id: string; name: string };
  let caPem: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operator = await createOperator(app, workspace);
    caPem = (await app.inject({ method: 'GET', url: '/.well-known/opendpp-seal-ca.pem' })).body;
    // Nothing delivers in these tests: the subscription only makes the outbox record the events.
    const subscribed = await call('POST', '/api/v1/webhooks/subscriptions', {
      url: 'https://93.184.215.14/hooks',
      events: ['passport.ingested'],
    });
    expect(subscribed.statusCode).toBe(201);
  });

  const call = (method: ApiMethod, url: string, payload?: unknown) =>
    apiCall(app, workspace.token, method, url, payload);
  const publicGet = (url: string) =>
    app.inject({ method: 'GET', url, headers: { host }, remoteAddress: randomIp() });
  const read = async (id: string) => (await call('GET', `/api/v1/passports/${id}`)).json() as Doc;
  const verifiedHere = async (document: unknown) =>
    (
      await app.inject({ method: 'POST', url: '/api/v1/audit/verify', payload: { document } as object })
    ).json().valid as boolean;
  const verifiedOffline = async (document: unknown) =>
    (await verifySealedDocument(document, { caCertificatePem: caPem })).valid;
  const currentVersion = async (id: string) =>
    (await call('GET', `/api/v1/passports/${id}/history`)).json().currentVersion as number;

  async function sealedPassport(body: Record<string, unknown> = {}) {
    const passport = await createPassport(app, workspace.token, body);
    const sealed = await call('POST', `/api/v1/passports/${passport.id}/seal`);
    expect(sealed.statusCode, sealed.body).toBe(200);
    return passport;
  }

  async function expectUnsealedBy(id: string, sealedVersion: number, cause: string) {
    const live = await read(id);
    expect(live.digitalSeal).toBeNull();
    expect(live.proof).toBeNull();
    expect(await currentVersion(id)).toBe(sealedVersion + 1);
    const archived = await call('GET', `/api/v1/passports/${id}/history/${sealedVersion}`);
    expect(archived.statusCode).toBe(200);
    const sealedDocument = JSON.parse(archived.body);
    expect(sealedDocument.digitalSeal).not.toBeNull();
    expect(await verifiedHere(sealedDocument)).toBe(true);
    expect(await verifiedOffline(sealedDocument)).toBe(true);

    const { db } = await testDatabase();
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.tenantId, workspace.id),
          eq(auditEvents.subjectId, id),
          eq(auditEvents.action, 'passport.updated'),
        ),
      );
    expect(audit?.details).toMatchObject({
      version: sealedVersion + 1,
      sealRemoved: true,
      sealedVersion,
      cause: { change: cause },
    });
    const events = await db.select().from(webhookOutbox).where(eq(webhookOutbox.tenantId, workspace.id));
    expect(
      events.filter(({ kind, data }) => {
        const facts = data as { passportId?: string; sealRemoved?: boolean; cause?: { change?: string } };
        return (
          kind === 'passport.ingested' &&
          facts.passportId === id &&
          facts.sealRemoved &&
          facts.cause?.change === cause
        );
      }),
    ).toHaveLength(1);
    const notices = await db.select().from(notifications).where(eq(notifications.tenantId, workspace.id));
    expect(notices.some((notice) => (notice.details as { passportId?: string })?.passportId === id)).toBe(
      true,
    );
    return { live, sealedDocument };
  }

  it('an operator PATCH of a sealed value leaves the seal in history and the live passport unsealed', async () => {
    const own = await createOperator(app, workspace, { name: 'Cells Before GmbH' });
    const sealed = await sealedPassport({ operatorId: own.id });
    const unsealed = await createPassport(app, workspace.token, { operatorId: own.id });
    const renamed = await call('PATCH', `/api/v1/operators/${own.id}`, { name: 'Cells After GmbH' });
    expect(renamed.statusCode).toBe(200);

    const { live, sealedDocument } = await expectUnsealedBy(sealed.id, 2, 'operator.updated');
    expect((live.economicOperator as { name: string }).name).toBe('Cells After GmbH');
    expect((sealedDocument.economicOperator as { name: string }).name).toBe('Cells Before GmbH');
    // An unsealed passport of the operator is not versioned by the change.
    expect(await currentVersion(unsealed.id)).toBe(1);
  });

  it('an operator PATCH that changes nothing a passport shows keeps its seal', async () => {
    const own = await createOperator(app, workspace);
    const sealed = await sealedPassport({ operatorId: own.id });
    const moved = await call('PATCH', `/api/v1/operators/${own.id}`, { address: { city: 'Berlin' } });
    expect(moved.statusCode).toBe(200);
    const live = await read(sealed.id);
    expect(live.digitalSeal).not.toBeNull();
    expect(await verifiedHere(live)).toBe(true);
    expect(await currentVersion(sealed.id)).toBe(2);
  });

  it('a facility PUT of a sealed value leaves the seal in history and the live passport unsealed', async () => {
    const facility = await createFacility(app, workspace, { operatorId: operator.id });
    const sealed = await sealedPassport({ operatorId: operator.id, facilityId: facility.id });
    const replaced = await call('PUT', `/api/v1/facilities/${facility.id}`, {
      name: 'Cell plant renamed',
      activity: 'assembly',
      country: 'DE',
      operatorId: operator.id,
    });
    expect(replaced.statusCode).toBe(200);
    const { live } = await expectUnsealedBy(sealed.id, 2, 'facility.updated');
    expect(live.manufacturingFacility).toMatchObject({ name: 'Cell plant renamed', activity: 'assembly' });
  });

  it('an operator only an archived sealed version still names is archived, not deleted, so that seal verifies', async () => {
    const first = await createOperator(app, workspace);
    const second = await createOperator(app, workspace);
    const passport = await sealedPassport({ operatorId: first.id });
    const moved = await call('PUT', `/api/v1/passports/${passport.id}`, { operatorId: second.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const removed = await call('DELETE', `/api/v1/operators/${first.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ archived: true, archivedPassports: 0 });
    const archived = JSON.parse((await call('GET', `/api/v1/passports/${passport.id}/history/2`)).body);
    expect(archived.economicOperator.id).toBe(first.id);
    expect(await verifiedHere(archived)).toBe(true);
  });

  it('deleting the facility of a sealed passport keeps every read answering, the seal in history', async () => {
    const facility = await createFacility(app, workspace, { operatorId: operator.id });
    const sealed = await sealedPassport({ operatorId: operator.id, facilityId: facility.id });
    const unit = await createUnit(app, workspace.token, sealed.id);
    const grant = await call('POST', '/api/v1/grants', {
      tier: 'legitimate-interest',
      grantee: { name: 'Repair Co' },
      purpose: 'repair',
      passportId: sealed.id,
    });
    expect(grant.statusCode, grant.body).toBe(201);

    expect((await call('DELETE', `/api/v1/facilities/${facility.id}`)).statusCode).toBe(204);
    const { live } = await expectUnsealedBy(sealed.id, 2, 'facility.deleted');
    expect(live.manufacturingFacility).toBeNull();

    const reads = [
      `/passport/${sealed.id}`,
      `/01/${sealed.productId}`,
      `/passport/${sealed.id}?grant=${grant.json().token}`,
      `/unit/${unit.id}`,
    ];
    for (const url of reads) {
      const response = await publicGet(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const body = response.json();
      expect('ofModel' in body ? body.ofModel.digitalSeal : body.digitalSeal, url).toBeNull();
    }
  });
});
