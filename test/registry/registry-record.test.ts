// Registry readiness on one node (docs/registry.md): the commodity code (given on create, bulk
// create, AAS ingest and EN 18222), the registry record of a passport and of a unit with each check
// passing and failing, registrations with their proofs, and a newer sealed version making the
// registry update due (the webhook sent, the notification written).
// The backup target is a small loopback stand-in that keeps what it is pushed and answers it back,
// or answers what a test tells it.
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notifications } from '../../src/db/schema.ts';
import { passportToEnvironment } from '../../src/domain/aas/index.ts';
import { versionHashOf } from '../../src/domain/backup/version-hash.ts';
import { type BackupWorker, startBackupWorker } from '../../src/modules/backup-origin/service.ts';
import { decodeMasterKey } from '../../src/modules/seals/master-key.ts';
import { type DeliveryWorker, startDeliveryWorker } from '../../src/modules/webhooks/service.ts';
import {
  admin,
  apiCall,
  BASE_URL,
  createWorkspace,
  TEST_MASTER_KEY,
  type TestWorkspace,
} from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { filesOfZip, xmlFilesErrors } from '../helpers/registry-files.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.ts';

const app = useTestApp({
  env: { BACKUP_ALLOW_INSECURE_TARGETS: 'true', WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' },
});

/** A backup host stand-in: keeps each PUT body, answers GETs with it, unless `override` says otherwise. */
interface StandIn {
  url: string;
  copies: Map<string, string>;
  override: (path: string) => { status: number; body: string } | null;
  close(): Promise<void>;
}

async function standInHost(): Promise<StandIn> {
  const host: StandIn = { url: '', copies: new Map(), override: () => null, close: async () => undefined };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method === 'PUT') {
        host.copies.set(path, Buffer.concat(chunks).toString('utf8'));
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, copy: { uri: `${host.url}${path}` } }));
        return;
      }
      const forced = host.override(path);
      const body = forced ? forced.body : host.copies.get(path);
      const status = forced ? forced.status : body === undefined ? 404 : 200;
      response.writeHead(status, { 'content-type': 'application/json' }).end(body ?? '{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.close = () => new Promise((resolve) => server.close(() => resolve()));
  return host;
}

let workspace: TestWorkspace;
let other: TestWorkspace;
let host: StandIn;
let targetId: string;
let backups: BackupWorker;
let deliveries: DeliveryWorker;
let receiver: Receiver;
let facilityId: string;
let operatorId: string;

const eori = () => `DE${randomInt(100_000_000, 999_999_999)}`;
const record = async (id: string, token = workspace.token) => {
  const response = await apiCall(app, token, 'GET', `/api/v1/passports/${id}/registry-record`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    record: Record<string, unknown>;
    checks: { code: string; ok: boolean; message: string; field?: string }[];
    ready: boolean;
    updateDue: boolean;
    registrations: Record<string, unknown>[];
  };
};
const checkOf = (answer: Awaited<ReturnType<typeof record>>, code: string) => {
  const found = answer.checks.find((item) => item.code === code);
  if (!found) throw new Error(`no ${code} check in ${JSON.stringify(answer.checks)}`);
  return found;
};
const seal = async (id: string) => {
  const response = await apiCall(app, workspace.token, 'POST', `/api/v1/passports/${id}/seal`);
  expect(response.statusCode, response.body).toBe(200);
};
/** Pushes every due version to the stand-in. */
const drain = async () => {
  while ((await backups.runOnce()) > 0);
};
/** A passport that passes every check once sealed and pushed. */
const readyPassport = async (body: Record<string, unknown> = {}) => {
  const passport = await createPassport(app, workspace.token, {
    commodityCode: '8507.60 00',
    facilityId,
    operatorId,
    ...body,
  });
  await seal(passport.id);
  await drain();
  return passport;
};

beforeAll(async () => {
  workspace = await createWorkspace(app);
  other = await createWorkspace(app);
  operatorId = (await createOperator(app, workspace, { regIdScheme: 'EORI', regId: eori(), country: 'DE' }))
    .id;
  await createOperator(app, other);
  facilityId = (await createFacility(app, workspace)).id;
  host = await standInHost();
  const added = await app.inject({
    method: 'POST',
    url: '/admin/v1/backup-targets',
    headers: admin,
    payload: { url: host.url, token: 'dpp_backup_stand-in', workspaceIds: [workspace.id] },
  });
  expect(added.statusCode, added.body).toBe(201);
  targetId = added.json().target.id;
  const { db } = await testDatabase();
  const masterKey = decodeMasterKey(TEST_MASTER_KEY);
  backups = startBackupWorker({
    db,
    masterKey,
    baseUrl: BASE_URL,
    policy: { allowInsecure: true },
    timeoutMs: 10_000,
    pollMs: false,
    random: () => 0.5,
  });
  deliveries = startDeliveryWorker({
    db,
    masterKey,
    policy: { allowInsecure: true },
    timeoutMs: 10_000,
    pollMs: false,
  });
  receiver = await startReceiver();
});

afterAll(async () => {
  await app.inject({ method: 'DELETE', url: `/admin/v1/backup-targets/${targetId}`, headers: admin });
  await backups?.stop();
  await deliveries?.stop();
  await receiver?.close();
  await host?.close();
});

describe('commodityCode', () => {
  it('keeps the digits of a CN code, shows it on the owner and public reads, and clears it with null', async () => {
    const passport = await createPassport(app, workspace.token, { commodityCode: '8507.60 00', operatorId });
    expect(passport.commodityCode).toBe('85076000');
    const published = await app.inject({
      method: 'GET',
      url: `/passport/${passport.id}`,
      headers: { accept: 'application/ld+json' },
    });
    expect(published.json().commodityCode).toBe('85076000');
    const cleared = await apiCall(app, workspace.token, 'PUT', `/api/v1/passports/${passport.id}`, {
      commodityCode: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().passport.commodityCode).toBeUndefined();
  });

  it("warns of a 6-digit HS code and of a code outside the category, in the reader's language", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: { authorization: `Bearer ${workspace.token}`, 'accept-language': 'de' },
      payload: {
        productId: `SKU-${randomInt(1e9)}`,
        category: 'batteries',
        commodityCode: '610910',
        operatorId,
        metadata: batteryMetadata(),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const warnings = response.json().warnings as { code: string; path: string; friendlyMessage: string }[];
    expect(warnings.map((item) => item.code)).toEqual(
      expect.arrayContaining(['COMMODITY_CODE_NOT_CN', 'COMMODITY_CODE_UNEXPECTED']),
    );
    const unexpected = warnings.find((item) => item.code === 'COMMODITY_CODE_UNEXPECTED');
    expect(unexpected?.path).toBe('/commodityCode');
    expect(unexpected?.friendlyMessage).toContain('Warencode 610910');
  });

  it('refuses a code that is neither 6 nor 8 digits, naming the field', async () => {
    const response = await apiCall(app, workspace.token, 'POST', '/api/v1/passports', {
      productId: `SKU-${randomInt(1e9)}`,
      category: 'batteries',
      commodityCode: '8507-60',
      metadata: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'PATTERN_MISMATCH', path: '/commodityCode' })]),
    );
  });
});

describe('commodityCode through the EN 18222 API', () => {
  it('takes it on CreateDPP and changes it by a merge patch', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/v1/dpps',
      headers: { authorization: `Bearer ${workspace.token}` },
      payload: {
        productId: `SKU-${randomInt(1e9)}`,
        category: 'batteries',
        operatorId,
        commodityCode: '8507 20',
        metadata: batteryMetadata(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().commodityCode).toBe('850720');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/v1/dpps/${created.json().id}`,
      headers: { authorization: `Bearer ${workspace.token}`, 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ commodityCode: '85072000' }),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().commodityCode).toBe('85072000');
  });
});

describe('commodityCode through bulk create and AAS ingest', () => {
  const bulk = (token: string, passports: Record<string, unknown>[]) =>
    apiCall(app, token, 'POST', '/api/v1/passports/bulk', { passports });

  it('keeps the code of each bulk row, created and updated, and the registry record carries it', async () => {
    const [first, second] = [`SKU-${randomInt(1e9)}`, `SKU-${randomInt(1e9)}`];
    const row = (productId: string, commodityCode: string) => ({
      productId,
      category: 'batteries',
      originCountry: 'DE',
      operatorId,
      commodityCode,
      metadata: batteryMetadata(),
    });
    const created = await bulk(workspace.token, [row(first, '8507.60 00'), row(second, '8507 20')]);
    expect(created.statusCode, created.body).toBe(201);
    const written = created.json().passports as { id: string; productId: string; commodityCode?: string }[];
    expect(written.map((passport) => [passport.productId, passport.commodityCode])).toEqual([
      [first, '85076000'],
      [second, '850720'],
    ]);
    const [one, two] = written.map((passport) => passport.id) as [string, string];
    expect((await record(one)).record.commodityCode).toBe('85076000');
    expect((await record(two)).record.commodityCode).toBe('850720');
    // A row for an existing productId updates it, its new code with it.
    const updated = await bulk(workspace.token, [row(second, '85072000')]);
    expect(updated.statusCode, updated.body).toBe(201);
    expect(updated.json().passports[0]).toMatchObject({ id: two, commodityCode: '85072000' });
    const answer = await record(two);
    expect(answer.record.commodityCode).toBe('85072000');
    expect(checkOf(answer, 'COMMODITY_CODE').ok).toBe(true);
  });

  it('keeps the code an AAS environment carries, on create and re-ingest, and the registry record carries it', async () => {
    const ingest = (environment: unknown) =>
      apiCall(
        app,
        other.token,
        'POST',
        '/api/v1/passports/aas/ingest',
        environment as Record<string, unknown>,
      );
    // Another node's passport, exported as an environment: read as its owner reads it.
    const source = await createPassport(app, workspace.token, {
      productId: `SKU-${randomInt(1e9)}`,
      commodityCode: '85076000',
      operatorId,
    });
    const document = (await apiCall(app, workspace.token, 'GET', `/api/v1/passports/${source.id}`)).json();
    expect(document.commodityCode).toBe('85076000');
    const environmentWith = (commodityCode: string) =>
      passportToEnvironment({ ...document, commodityCode }, { baseUrl: BASE_URL });
    // Spelled as people write it, the code is kept as its digits.
    const created = await ingest(environmentWith('8507.60 00'));
    expect(created.statusCode, created.body).toBe(201);
    const passport = created.json().passport as { id: string; commodityCode?: string };
    expect(passport.commodityCode).toBe('85076000');
    expect((await record(passport.id, other.token)).record.commodityCode).toBe('85076000');
    const again = await ingest(environmentWith('850760'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().passport).toMatchObject({ id: passport.id, commodityCode: '850760' });
    expect((await record(passport.id, other.token)).record.commodityCode).toBe('850760');
  });
});

describe('GET /api/v1/passports/{id}/registry-record', () => {
  it('is ready when every check passes, with the versionHash anyone can recompute', async () => {
    const passport = await readyPassport();
    const answer = await record(passport.id);
    expect(answer.checks.filter((item) => !item.ok)).toEqual([]);
    expect(answer.checks.map((item) => item.code)).toEqual([
      'IDENTIFIER_HTTPS',
      'IDENTIFIER_LENGTH',
      'IDENTIFIER_RESOLVES',
      'FIELDS_MATCH',
      'OPERATOR_ID',
      'FACILITY_ID',
      'COMMODITY_CODE',
      'SEALED',
      'BACKUP_HELD',
    ]);
    expect(answer.ready).toBe(true);
    expect(answer.updateDue).toBe(false);
    const owner = (await apiCall(app, workspace.token, 'GET', `/api/v1/passports/${passport.id}`)).json();
    expect(answer.record).toMatchObject({
      uniqueProductIdentifier: `${BASE_URL}/01/${passport.productId}`,
      granularity: 'model',
      economicOperatorId: owner.economicOperatorId,
      facilityId: owner.manufacturingFacility.gln,
      commodityCode: '85076000',
      version: 2,
      dppStatus: owner.dppStatus,
      versionHash: owner.versionHash,
    });
    expect(answer.record.versionHash).toBe(versionHashOf(owner));
    expect(answer.record.backupLink).toBe(`${host.url}/backup/v1/passports/${passport.id}/versions/2`);
  });

  it('fails COMMODITY_CODE for a missing code and for one out of range', async () => {
    const missing = await readyPassport({ commodityCode: null });
    expect(checkOf(await record(missing.id), 'COMMODITY_CODE')).toMatchObject({
      ok: false,
      field: 'commodityCode',
    });
    const outside = await readyPassport({ commodityCode: '61091000' });
    const answer = await record(outside.id);
    expect(checkOf(answer, 'COMMODITY_CODE').ok).toBe(false);
    expect(checkOf(answer, 'COMMODITY_CODE').message).toContain('8506, 8507');
    expect(answer.ready).toBe(false);
  });

  it('fails SEALED and BACKUP_HELD for an unsealed version', async () => {
    const passport = await createPassport(app, workspace.token, {
      commodityCode: '85076000',
      facilityId,
      operatorId,
    });
    const answer = await record(passport.id);
    expect(checkOf(answer, 'SEALED').ok).toBe(false);
    expect(checkOf(answer, 'BACKUP_HELD').ok).toBe(false);
    expect(answer.record.versionHash).toBeNull();
    expect(answer.ready).toBe(false);
  });

  it('fails BACKUP_HELD when the target lacks the version or holds another hash', async () => {
    const passport = await readyPassport();
    const path = `/backup/v1/passports/${passport.id}/versions/2`;
    host.override = (asked) => (asked === path ? { status: 404, body: '{}' } : null);
    const lacking = checkOf(await record(passport.id), 'BACKUP_HELD');
    expect(lacking.ok).toBe(false);
    expect(lacking.message).toContain('does not hold version 2');
    const held = JSON.parse(host.copies.get(path) ?? '{}');
    host.override = (asked) =>
      asked === path ? { status: 200, body: JSON.stringify({ ...held, originCountry: 'FR' }) } : null;
    const differing = checkOf(await record(passport.id), 'BACKUP_HELD');
    expect(differing.ok).toBe(false);
    expect(differing.message).toContain('another hash');
    host.override = () => null;
    expect(checkOf(await record(passport.id), 'BACKUP_HELD').ok).toBe(true);
  });

  it('fails OPERATOR_ID without an EORI and FACILITY_ID without a facility', async () => {
    const hrb = await createOperator(app, workspace);
    const passport = await readyPassport({ operatorId: hrb.id, facilityId: null });
    const answer = await record(passport.id);
    expect(checkOf(answer, 'OPERATOR_ID')).toMatchObject({ ok: false, field: 'economicOperatorId' });
    expect(checkOf(answer, 'FACILITY_ID')).toMatchObject({ ok: false, field: 'facilityId' });
  });

  it('fails IDENTIFIER_RESOLVES for a draft, which the identifier does not answer', async () => {
    const draft = await createPassport(app, workspace.token, {
      commodityCode: '85076000',
      facilityId,
      operatorId,
      status: 'DRAFT',
    });
    const answer = await record(draft.id);
    expect(checkOf(answer, 'IDENTIFIER_RESOLVES')).toMatchObject({ ok: false });
    expect(checkOf(answer, 'IDENTIFIER_RESOLVES').message).toContain('404');
    expect(checkOf(answer, 'FIELDS_MATCH').ok).toBe(false);
  });

  it("answers 404 for another workspace's passport", async () => {
    const passport = await createPassport(app, workspace.token, { operatorId });
    const response = await apiCall(
      app,
      other.token,
      'GET',
      `/api/v1/passports/${passport.id}/registry-record`,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/v1/units/{id}/registry-record', () => {
  it('links the model, follows the one redirect of an item link, and is ready only when the model is', async () => {
    const passport = await readyPassport();
    const unit = await createUnit(app, workspace.token, passport.id);
    const ready = await apiCall(app, workspace.token, 'GET', `/api/v1/units/${unit.id}/registry-record`);
    expect(ready.statusCode, ready.body).toBe(200);
    const answer = ready.json();
    expect(answer.record).toMatchObject({
      granularity: 'item',
      modelIdentifier: `${BASE_URL}/01/${passport.productId}`,
    });
    expect(answer.checks.filter((item: { ok: boolean }) => !item.ok)).toEqual([]);
    expect(answer.checks.map((item: { code: string }) => item.code)).toContain('MODEL_LINKED');
    expect(answer.ready).toBe(true);

    const unready = await createPassport(app, workspace.token, {
      commodityCode: '85076000',
      facilityId,
      operatorId,
    });
    const orphan = await createUnit(app, workspace.token, unready.id);
    const notReady = (
      await apiCall(app, workspace.token, 'GET', `/api/v1/units/${orphan.id}/registry-record`)
    ).json();
    const linked = notReady.checks.find((item: { code: string }) => item.code === 'MODEL_LINKED');
    expect(linked.ok).toBe(false);
    expect(linked.message).toContain('SEALED');
    expect(notReady.ready).toBe(false);
    const foreign = await apiCall(app, other.token, 'GET', `/api/v1/units/${unit.id}/registry-record`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('registrations', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 7)]);

  it("records the registry's answer with its proof, lists it, serves the proof, and refuses a repeat", async () => {
    const passport = await readyPassport();
    const body = {
      registrationId: `EU-REG-${randomInt(1e9)}`,
      registeredAt: new Date(Date.now() - 60_000).toISOString(),
      version: 2,
      proof: pdf.toString('base64'),
    };
    const created = await apiCall(
      app,
      workspace.token,
      'POST',
      `/api/v1/passports/${passport.id}/registrations`,
      body,
    );
    expect(created.statusCode, created.body).toBe(201);
    const registration = created.json().registration;
    expect(registration).toMatchObject({
      registrationId: body.registrationId,
      version: 2,
      proof: { contentType: 'application/pdf', bytes: pdf.length },
    });
    expect(registration.versionHash).toMatch(/^sha256:/);
    const listed = (
      await apiCall(app, workspace.token, 'GET', `/api/v1/passports/${passport.id}/registrations`)
    ).json();
    expect(listed.registrations).toEqual([registration]);
    expect((await record(passport.id)).registrations).toEqual([registration]);
    const proof = await apiCall(app, workspace.token, 'GET', new URL(registration.proof.url).pathname);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toContain('application/pdf');
    expect(proof.rawPayload.equals(pdf)).toBe(true);
    const again = await apiCall(
      app,
      workspace.token,
      'POST',
      `/api/v1/passports/${passport.id}/registrations`,
      body,
    );
    expect(again.statusCode).toBe(409);
    // Recorded once in the audit trail, with what was registered.
    const { db } = await testDatabase();
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, workspace.id), eq(auditEvents.action, 'passport.registered')));
    expect(audited.map((event) => event.details)).toEqual([
      expect.objectContaining({ registrationId: body.registrationId, version: 2, proofBytes: pdf.length }),
    ]);
    // Another workspace sees none of it.
    for (const url of [
      `/api/v1/passports/${passport.id}/registrations`,
      new URL(registration.proof.url).pathname,
    ]) {
      expect((await apiCall(app, other.token, 'GET', url)).statusCode).toBe(404);
    }
    const foreignWrite = await apiCall(
      app,
      other.token,
      'POST',
      `/api/v1/passports/${passport.id}/registrations`,
      {
        ...body,
        registrationId: 'other',
      },
    );
    expect(foreignWrite.statusCode).toBe(404);
  });

  it('refuses a proof over 5 MiB, one that is not base64, and a version the passport has not reached', async () => {
    const passport = await readyPassport();
    const base = { registrationId: 'R-1', registeredAt: new Date().toISOString(), version: 2 };
    const url = `/api/v1/passports/${passport.id}/registrations`;
    const tooLarge = await apiCall(app, workspace.token, 'POST', url, {
      ...base,
      proof: Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64'),
    });
    expect(tooLarge.statusCode).toBe(400);
    const notBase64 = await apiCall(app, workspace.token, 'POST', url, { ...base, proof: 'not base64!' });
    expect(notBase64.statusCode).toBe(400);
    const ahead = await apiCall(app, workspace.token, 'POST', url, { ...base, version: 9 });
    expect(ahead.statusCode).toBe(400);
    expect((await apiCall(app, workspace.token, 'GET', url)).json().registrations).toEqual([]);
  });

  it('says updateDue once a newer sealed version differs, with the webhook and the notification', async () => {
    const subscribed = await apiCall(app, workspace.token, 'POST', '/api/v1/webhooks/subscriptions', {
      url: receiver.url,
      events: ['passport.registry_update_due'],
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const passport = await readyPassport();
    await apiCall(app, workspace.token, 'POST', `/api/v1/passports/${passport.id}/registrations`, {
      registrationId: `EU-REG-${randomInt(1e9)}`,
      registeredAt: new Date().toISOString(),
      version: 2,
    });
    expect((await record(passport.id)).updateDue).toBe(false);
    const changed = await apiCall(app, workspace.token, 'PUT', `/api/v1/passports/${passport.id}`, {
      originCountry: 'FR',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await seal(passport.id);
    await drain();
    const answer = await record(passport.id);
    expect(answer.updateDue).toBe(true);
    expect(answer.ready).toBe(true);
    while ((await deliveries.runOnce()) > 0);
    const events = receiver.received.map((item) => item.json);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'passport.registry_update_due',
        data: expect.objectContaining({ passportId: passport.id, version: 4 }),
      }),
    ]);
    const { db } = await testDatabase();
    const told = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.tenantId, workspace.id), eq(notifications.kind, 'passport.registry_update_due')),
      );
    expect(told).toHaveLength(1);
    const overview = (await apiCall(app, workspace.token, 'GET', '/api/v1/registry/overview')).json();
    expect(overview.counts.updateDue).toBe(1);
    expect(overview.counts.registered).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /api/v1/registry/submissions?format=xml&units=true', () => {
  it('writes the ready passports and their ready units as XML that validates against the XSD', async () => {
    const response = await apiCall(
      app,
      workspace.token,
      'GET',
      '/api/v1/registry/submissions?status=ready&format=xml&units=true',
    );
    expect(response.statusCode, response.body).toBe(200);
    const files = await filesOfZip(response.rawPayload);
    expect([...files.keys()]).toEqual(['registrations-001.xml']);
    const text = files.get('registrations-001.xml') ?? '';
    expect(text).toContain('xmlns="urn:opendpp:registry-submission:1"');
    expect(text).toContain('<granularity>item</granularity>');
    expect(text).toContain('<modelIdentifier>');
    expect(await xmlFilesErrors([text])).toBeNull();
    const updates = await apiCall(
      app,
      workspace.token,
      'GET',
      '/api/v1/registry/submissions?status=updateDue&format=json',
    );
    const due = [...(await filesOfZip(updates.rawPayload)).values()].flatMap(
      (file) => JSON.parse(file).registrations,
    );
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ passportVersion: 4 });
  });
});
