// What the no-500 properties feed: every write route with a body it accepts and the fields to spoil
// (each with its hostile class), every route with an id in its path, every list with its query
// keys; and a fingerprint of the store, to tell that a refused write left nothing behind.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { passportToEnvironment } from '../../src/domain/aas/index.ts';
import { epcisDocument, objectEvent } from '../../src/domain/traceability/samples.ts';
import { BASE_URL, bearer, createWorkspace } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { testDatabase } from '../helpers/db.ts';
import type { FieldKind } from '../helpers/hostile.ts';
import { batteryMetadata, createFacility, createPassport, newGtin13 } from '../helpers/passports.ts';
import { createUnit, uniqueSerial, unitWorkspace } from '../helpers/units.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Path = (string | number)[];

export interface WriteRoute {
  method: Method;
  url: string;
  admin?: boolean;
  /** A console route: it takes a member's session JWT, not a key. */
  session?: boolean;
  /** A valid body: the mutation replaces one field of it, so checks past the first one are reached. */
  base: () => Record<string, unknown>;
  fields: [Path, FieldKind][];
  /** Bulk routes: how many rows the base body has (a bad row fails alone). */
  rows?: { field: string; count: number };
  /** A POST that computes an answer and stores nothing (the GS1 helpers). */
  readOnly?: boolean;
  /** Told of each accepted write, for routes whose valid body depends on the state it leaves. */
  accepted?: (answer: Record<string, unknown>) => void;
}

export interface PathRoute {
  method: Method;
  url: (id: string) => string;
  admin?: boolean;
  session?: boolean;
  body?: unknown;
}

export interface ListRoute {
  url: string;
  admin?: boolean;
  keys: string[];
}

export interface HostileTargets {
  token: string;
  /** A session JWT of a member of the workspace who manages members. */
  sessionToken: string;
  /** The workspaces the routes write to. */
  tenants: string[];
  writes: WriteRoute[];
  pathRoutes: PathRoute[];
  lists: ListRoute[];
}

/** Sets a value at a path of a (fresh) body; the empty path replaces the whole body. */
export function mutate(body: Record<string, unknown>, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let target = body as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) {
    target[step] ??= {};
    target = target[step] as Record<string | number, unknown>;
  }
  target[path[path.length - 1] as string | number] = value;
  return body;
}

/** A workspace with an operator, a facility, passports and a unit, and the routes that reach them. */
export async function hostileTargets(app: App): Promise<HostileTargets> {
  const { workspace, passport } = await unitWorkspace(app);
  const other = await createWorkspace(app);
  const token = workspace.token;
  const tenants = [workspace.id, other.id];
  const operatorId = (passport.economicOperator as { id: string }).id;
  const facility = await createFacility(app, workspace);
  await addMember(app, workspace, 'hostile-admin@example.com');
  const staff = await addMember(app, workspace, 'hostile-staff@example.com', 'AUDITOR');
  const sessionToken = (await session(app, workspace, 'hostile-admin@example.com')).token;
  // Status moves are one-way: they get a passport of their own so the others stay writable.
  const statusPassport = await createPassport(app, token);
  const unit = await createUnit(app, token, passport.id);
  const captured = await app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: { authorization: `Bearer ${token}` },
    payload: objectEvent({ eventID: `urn:uuid:${randomUUID()}` }),
  });
  const lineageEvent = captured.json().events[0].id as string;
  let statusNow = 'ACTIVE';
  // AAS ingest re-ingests one passport's environment: each accepted body is a versioned update.
  const aasPassport = await createPassport(app, token);
  const aasDocument = (
    await app.inject({ method: 'GET', url: `/api/v1/passports/${aasPassport.id}`, headers: bearer(token) })
  ).json() as Record<string, unknown>;
  const aasEnvironment = passportToEnvironment(aasDocument, { baseUrl: BASE_URL }) as Record<string, unknown>;
  const aasSubmodels = aasEnvironment.submodels as { idShort?: string; submodelElements?: unknown[] }[];
  const passportSubmodel = aasSubmodels.findIndex(
    (submodel) => submodel.idShort === 'DigitalProductPassport',
  );
  const productIdElement = (aasSubmodels[passportSubmodel]?.submodelElements ?? []).findIndex(
    (element) => (element as { idShort?: string }).idShort === 'productId',
  );
  const aasElement = ['submodels', passportSubmodel, 'submodelElements', productIdElement];
  // EN 18222 writes patch a passport of their own.
  const lifeCyclePassport = await createPassport(app, token);

  const goodPassport = () => ({
    productId: newGtin13(),
    category: 'batteries',
    originCountry: 'DE',
    operatorId,
    metadata: batteryMetadata(),
  });
  const goodEvent = () => ({ eventType: 'SOH_MEASUREMENT', stateOfHealth: 90, cycleCount: 10 });
  const passportFields: [Path, FieldKind][] = [
    [['productId'], 'string'],
    [['category'], 'string'],
    [['originCountry'], 'string'],
    [['operatorId'], 'id'],
    [['facilityId'], 'id'],
    [['granularity'], 'string'],
    [['status'], 'string'],
    [['metadata'], 'json'],
    [['metadata', 'internalNotes'], 'string'],
    [['metadata', 'performance', 'ratedCapacity'], 'number'],
    [['metadata', 'generalInformation'], 'json'],
    [[], 'json'],
  ];
  const eventFields: [Path, FieldKind][] = [
    [['eventType'], 'string'],
    [['stateOfHealth'], 'number'],
    [['cycleCount'], 'number'],
    [['remainingCapacityAh'], 'number'],
    [['temperatureC'], 'number'],
    [['recordedAt'], 'date'],
    [['payload'], 'json'],
    [['payload', 'note'], 'string'],
    [['status'], 'string'],
  ];
  const unitFields: [Path, FieldKind][] = [
    [['serialNumber'], 'string'],
    [['manufacturedAt'], 'date'],
    [['predecessorUnitId'], 'id'],
    [['predecessorStatus'], 'string'],
    [['status'], 'string'],
  ];
  const inRow = (field: string, fields: [Path, FieldKind][]): [Path, FieldKind][] => [
    ...fields
      .filter(([path]) => path.length > 0)
      .map(([path, kind]): [Path, FieldKind] => [[field, 1, ...path], kind]),
    [[field, 1], 'json'],
    [[field], 'json'],
  ];
  const key = { name: 'hostile' };

  const writes: WriteRoute[] = [
    {
      method: 'PATCH',
      url: `/console/api/members/${staff.id}`,
      session: true,
      base: () => ({ role: 'RECYCLER', manageMembers: false }),
      fields: [
        [['role'], 'string'],
        [['manageMembers'], 'json'],
        [[], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/keys',
      base: () => ({ ...key }),
      fields: [
        [['name'], 'string'],
        [['operatorId'], 'id'],
        [['expiresAt'], 'date'],
        [['role'], 'string'],
        [['permissions'], 'json'],
        [[], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/admin/v1/workspaces',
      admin: true,
      base: () => ({ name: 'Hostile', subdomain: `h-${randomUUID().slice(0, 8)}`, tier: 'growth' }),
      fields: [
        [['name'], 'string'],
        [['subdomain'], 'string'],
        [['tier'], 'string'],
        [['passportLimit'], 'number'],
        [[], 'json'],
      ],
    },
    {
      method: 'PATCH',
      url: `/admin/v1/workspaces/${other.id}`,
      admin: true,
      base: () => ({ passportLimit: 100 }),
      fields: [
        [['passportLimit'], 'number'],
        [['tier'], 'string'],
        [['subscriptionStatus'], 'string'],
        [['mfaRequired'], 'json'],
      ],
    },
    {
      method: 'POST',
      url: `/admin/v1/workspaces/${other.id}/keys`,
      admin: true,
      base: () => ({ ...key }),
      fields: [
        [['name'], 'string'],
        [['operatorId'], 'id'],
        [['expiresAt'], 'date'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/operators',
      base: () => ({
        name: 'Hostile Cells GmbH',
        regIdScheme: 'DE-HRB',
        regId: `HRB${randomUUID().slice(0, 8)}`,
        role: 'MANUFACTURER',
        country: 'DE',
      }),
      fields: [
        [['name'], 'string'],
        [['regId'], 'string'],
        [['regIdScheme'], 'string'],
        [['role'], 'string'],
        [['country'], 'string'],
        [['address', 'street'], 'string'],
        [['address'], 'json'],
      ],
    },
    {
      method: 'PATCH',
      url: `/api/v1/operators/${operatorId}`,
      base: () => ({ name: 'VoltCell Europe GmbH' }),
      fields: [
        [['name'], 'string'],
        [['country'], 'string'],
        [['address', 'city'], 'string'],
        [['address'], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/facilities',
      base: () => ({
        gln: newGtin13(),
        name: 'Hostile plant',
        activity: 'manufacturing',
        country: 'DE',
        operatorId,
      }),
      fields: [
        [['gln'], 'string'],
        [['name'], 'string'],
        [['activity'], 'string'],
        [['country'], 'string'],
        [['operatorId'], 'id'],
        [['address', 'street'], 'string'],
        [['address'], 'json'],
      ],
    },
    {
      method: 'PUT',
      url: `/api/v1/facilities/${facility.id}`,
      base: () => ({ name: 'Cell plant', activity: 'manufacturing', country: 'DE', operatorId }),
      fields: [
        [['operatorId'], 'id'],
        [['name'], 'string'],
        [['gln'], 'string'],
        [['address'], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/webhooks/subscriptions',
      // A public address as an IP literal: no DNS, and nothing is sent.
      base: () => ({ url: 'https://93.184.215.14/hooks', events: ['*'] }),
      fields: [
        [['url'], 'string'],
        [['events'], 'json'],
        [['events', 0], 'string'],
        [['active'], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/events',
      // A fresh event id each time, so every accepted base is a new event.
      base: () => objectEvent({ eventID: `urn:uuid:${randomUUID()}` }),
      fields: [
        [['type'], 'string'],
        [['eventTime'], 'date'],
        [['eventTimeZoneOffset'], 'string'],
        [['action'], 'string'],
        [['epcList'], 'json'],
        [['epcList', 0], 'string'],
        [['readPoint'], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/events/epcis',
      base: () => epcisDocument([objectEvent({ eventID: `urn:uuid:${randomUUID()}` })]),
      fields: [
        [['schemaVersion'], 'string'],
        [['creationDate'], 'date'],
        [['epcisBody'], 'json'],
        [['epcisBody', 'eventList'], 'json'],
        [['epcisBody', 'eventList', 0, 'eventTime'], 'date'],
        [['epcisBody', 'eventList', 0, 'epcList'], 'json'],
      ],
    },
    { method: 'POST', url: '/api/v1/passports', base: goodPassport, fields: passportFields },
    { method: 'POST', url: '/api/v1/passports/validate-only', base: goodPassport, fields: passportFields },
    {
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}`,
      base: () => ({ metadata: batteryMetadata(), changeReason: 'hostile input' }),
      fields: [...passportFields, [['changeReason'], 'string']],
    },
    {
      method: 'PUT',
      url: `/api/v1/passports/${statusPassport.id}/status`,
      // ACTIVE and RECALLED are each other's only move: the valid body flips with every accepted one.
      base: () => ({ status: statusNow === 'ACTIVE' ? 'RECALLED' : 'ACTIVE', reason: 'hostile input' }),
      accepted: (answer) => {
        statusNow = (answer.passport as { status: string }).status;
      },
      fields: [
        [['status'], 'string'],
        [['reason'], 'string'],
        [[], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/passports/bulk',
      base: () => ({ passports: [goodPassport(), goodPassport(), goodPassport()] }),
      fields: inRow('passports', passportFields),
      rows: { field: 'passports', count: 3 },
    },
    {
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/units/validate`,
      base: () => ({ serialNumber: uniqueSerial() }),
      fields: unitFields,
    },
    {
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/units`,
      base: () => ({ serialNumber: uniqueSerial() }),
      fields: [...unitFields, [[], 'json']],
    },
    {
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/units`,
      base: () => ({ units: [{ serialNumber: uniqueSerial() }, { serialNumber: uniqueSerial() }] }),
      fields: inRow('units', unitFields),
      rows: { field: 'units', count: 2 },
    },
    {
      method: 'POST',
      url: `/api/v1/units/${unit.id}/events`,
      base: goodEvent,
      fields: [...eventFields, [[], 'json']],
    },
    {
      method: 'POST',
      url: `/api/v1/units/${unit.id}/events/bulk`,
      base: () => ({ events: [goodEvent(), goodEvent()] }),
      fields: inRow('events', eventFields),
    },
    {
      method: 'POST',
      url: '/api/v1/gs1/gtin',
      readOnly: true,
      base: () => ({ companyPrefix: '4012345', itemReference: '00001' }),
      fields: [
        [['companyPrefix'], 'string'],
        [['itemReference'], 'string'],
        [['indicator'], 'string'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/gs1/decode',
      readOnly: true,
      base: () => ({ data: '(01)04012345000016(21)S1' }),
      fields: [[['data'], 'string']],
    },
    {
      method: 'POST',
      url: '/api/v1/gs1/decode/batch',
      readOnly: true,
      base: () => ({ items: ['(01)04012345000016', '(01)04012345000016(10)L1'] }),
      fields: [
        [['items', 0], 'string'],
        [['items'], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/passports/aas/ingest',
      base: () => structuredClone(aasEnvironment),
      fields: [
        [['assetAdministrationShells', 0, 'idShort'], 'string'],
        [['assetAdministrationShells', 0, 'assetInformation'], 'json'],
        [['submodels'], 'json'],
        [['submodels', 0, 'id'], 'string'],
        [[...aasElement, 'value'], 'string'],
        [[...aasElement, 'valueType'], 'string'],
        [[...aasElement], 'json'],
        [[], 'json'],
      ],
    },
    { method: 'POST', url: '/v1/dpps', base: goodPassport, fields: passportFields },
    {
      method: 'PATCH',
      url: `/v1/dpps/${lifeCyclePassport.id}`,
      base: () => ({ originCountry: 'DE', metadata: { performance: { ratedCapacity: 50 } } }),
      fields: [
        [['originCountry'], 'string'],
        [['productId'], 'string'],
        [['status'], 'string'],
        [['metadata'], 'json'],
        [['metadata', 'performance', 'ratedCapacity'], 'number'],
        [['metadata', 'internalNotes'], 'string'],
        [[], 'json'],
      ],
    },
    {
      method: 'PATCH',
      url: `/v1/dpps/${lifeCyclePassport.id}/elements/metadata.performance`,
      base: () => ({ ratedCapacity: 60 }),
      fields: [
        [['ratedCapacity'], 'number'],
        [['nominalVoltage'], 'number'],
        [[], 'json'],
      ],
    },
    {
      method: 'POST',
      url: '/v1/dppsByProductIds',
      readOnly: true,
      base: () => ({ productIds: [passport.productId] }),
      fields: [
        [['productIds'], 'json'],
        [['productIds', 0], 'string'],
        [[], 'json'],
      ],
    },
  ];

  const passportBody = { metadata: batteryMetadata() };
  const pathRoutes: PathRoute[] = [
    { method: 'PATCH', url: (id) => `/console/api/members/${id}`, session: true, body: { role: 'AUDITOR' } },
    { method: 'GET', url: (id) => `/api/v1/operators/${id}` },
    { method: 'PATCH', url: (id) => `/api/v1/operators/${id}`, body: { name: 'x' } },
    { method: 'DELETE', url: (id) => `/api/v1/operators/${id}` },
    { method: 'POST', url: (id) => `/api/v1/operators/${id}/restore` },
    { method: 'PATCH', url: (id) => `/api/v1/webhooks/subscriptions/${id}`, body: { active: false } },
    { method: 'DELETE', url: (id) => `/api/v1/webhooks/subscriptions/${id}` },
    { method: 'POST', url: (id) => `/api/v1/webhooks/subscriptions/${id}/rotate-secret` },
    { method: 'POST', url: (id) => `/api/v1/webhooks/subscriptions/${id}/test` },
    { method: 'GET', url: (id) => `/api/v1/events/${id}/lineage` },
    { method: 'GET', url: (id) => `/api/v1/facilities/${id}` },
    {
      method: 'PUT',
      url: (id) => `/api/v1/facilities/${id}`,
      body: { name: 'x', activity: 'assembly', country: 'DE' },
    },
    { method: 'DELETE', url: (id) => `/api/v1/facilities/${id}` },
    { method: 'GET', url: (id) => `/api/v1/passports/${id}` },
    { method: 'PUT', url: (id) => `/api/v1/passports/${id}`, body: passportBody },
    { method: 'DELETE', url: (id) => `/api/v1/passports/${id}` },
    { method: 'PUT', url: (id) => `/api/v1/passports/${id}/status`, body: { status: 'RECALLED' } },
    { method: 'GET', url: (id) => `/api/v1/passports/${id}/history` },
    { method: 'GET', url: (id) => `/api/v1/passports/${id}/history/at?at=2020-01-01T00:00:00Z` },
    { method: 'GET', url: (id) => `/api/v1/passports/${passport.id}/history/${id}` },
    { method: 'GET', url: (id) => `/api/v1/passports/${id}/units` },
    { method: 'POST', url: (id) => `/api/v1/passports/${id}/units`, body: { serialNumber: 'S1' } },
    { method: 'POST', url: (id) => `/api/v1/passports/${id}/units/validate`, body: { serialNumber: 'S1' } },
    { method: 'GET', url: (id) => `/api/v1/units/${id}` },
    { method: 'DELETE', url: (id) => `/api/v1/units/${id}` },
    { method: 'GET', url: (id) => `/api/v1/units/${id}/events` },
    { method: 'POST', url: (id) => `/api/v1/units/${id}/events`, body: goodEvent() },
    { method: 'POST', url: (id) => `/api/v1/units/${id}/events/bulk`, body: { events: [goodEvent()] } },
    { method: 'DELETE', url: (id) => `/api/v1/keys/${id}` },
    { method: 'POST', url: (id) => `/api/v1/passports/${id}/seal` },
    { method: 'GET', url: (id) => `/api/v1/passports/${id}/qr` },
    { method: 'GET', url: (id) => `/api/v1/units/${id}/qr` },
    { method: 'GET', url: (id) => `/tenants/${id}/did.json` },
    { method: 'GET', url: (id) => `/tenants/${id}/status/revocation` },
    { method: 'GET', url: (id) => `/v1/dpps/${id}` },
    { method: 'PATCH', url: (id) => `/v1/dpps/${id}`, body: { originCountry: 'FR' } },
    { method: 'DELETE', url: (id) => `/v1/dpps/${id}` },
    { method: 'GET', url: (id) => `/v1/dppsByProductId/${id}` },
    { method: 'GET', url: (id) => `/v1/dppsByIdAndDate/${id}?date=2020-01-01T00:00:00Z` },
    { method: 'GET', url: (id) => `/v1/dpps/${id}/elements/metadata` },
    { method: 'GET', url: (id) => `/v1/dpps/${passport.id}/elements/${id}` },
    { method: 'PATCH', url: (id) => `/v1/dpps/${lifeCyclePassport.id}/elements/${id}`, body: { a: 1 } },
    { method: 'GET', url: (id) => `/passport/${id}` },
    { method: 'GET', url: (id) => `/01/${id}` },
    { method: 'GET', url: (id) => `/01/04012345000016/21/${id}` },
    { method: 'GET', url: (id) => `/8003/${id}` },
    { method: 'GET', url: (id) => `/unit/${id}` },
    { method: 'GET', url: (id) => `/admin/v1/workspaces/${id}`, admin: true },
    { method: 'PATCH', url: (id) => `/admin/v1/workspaces/${id}`, admin: true, body: { passportLimit: 5 } },
    { method: 'GET', url: (id) => `/admin/v1/workspaces/${id}/keys`, admin: true },
    { method: 'POST', url: (id) => `/admin/v1/workspaces/${id}/keys`, admin: true, body: key },
    { method: 'DELETE', url: (id) => `/admin/v1/workspaces/${other.id}/keys/${id}`, admin: true },
  ];

  const paging = ['page', 'limit'];
  const lists: ListRoute[] = [
    { url: '/api/v1/passports', keys: [...paging, 'category', 'status', 'operatorId', 'q', 'lang'] },
    { url: `/api/v1/passports/${passport.id}/history`, keys: paging },
    { url: `/api/v1/passports/${passport.id}/history/at`, keys: ['at'] },
    { url: `/api/v1/passports/${passport.id}/units`, keys: [...paging, 'status', 'q'] },
    { url: `/api/v1/units/${unit.id}/events`, keys: [...paging, 'cursor', 'eventType', 'limit'] },
    { url: `/api/v1/units/${unit.id}`, keys: ['lang'] },
    { url: '/api/v1/operators', keys: [...paging, 'q', 'includeArchived'] },
    { url: '/api/v1/facilities', keys: [...paging, 'operatorId', 'q'] },
    { url: '/api/v1/keys', keys: paging },
    { url: '/api/v1/webhooks/subscriptions', keys: ['limit'] },
    { url: '/api/v1/webhooks/deliveries', keys: ['subscriptionId', 'status', 'limit', 'cursor'] },
    {
      url: `/api/v1/events/${encodeURIComponent(String(lineageEvent))}/lineage`,
      keys: ['maxDepth', 'maxNodes'],
    },
    { url: '/api/v1/passports/vc-readiness', keys: [...paging, 'lang'] },
    { url: '/api/v1/materials', keys: ['q', 'lang', 'critical'] },
    { url: '/admin/v1/workspaces', admin: true, keys: paging },
    {
      url: `/api/v1/passports/${passport.id}/qr`,
      keys: ['format', 'size', 'ec', 'errorCorrection', 'symbology'],
    },
    { url: `/api/v1/units/${unit.id}/qr`, keys: ['format', 'size', 'ec', 'errorCorrection', 'symbology'] },
    { url: `/passport/${passport.id}`, keys: ['lang', 'grant', 'linkType'] },
    { url: `/01/${passport.productId}`, keys: ['lang', 'grant', 'linkType'] },
    { url: `/unit/${unit.id}`, keys: ['lang', 'grant'] },
    { url: `/v1/dppsByIdAndDate/${passport.id}`, keys: ['date'] },
    { url: `/v1/dpps/${passport.id}`, keys: ['lang'] },
  ];
  return { token, sessionToken, tenants, writes, pathRoutes, lists };
}

/** Everything the workspaces under test hold, and the workspace list: what a failed write must not touch. */
export async function storeFingerprint(tenants: string[]): Promise<string> {
  const { db } = await testDatabase();
  const ids = sql.join(
    tenants.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const tables = [
    'api_keys',
    'members',
    'operators',
    'facilities',
    'passports',
    'passport_versions',
    'battery_units',
    'battery_unit_events',
    'idempotency_keys',
    'audit_events',
    'webhook_subscriptions',
    'traceability_events',
  ];
  const parts = tables.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(table)} t where t.tenant_id in (${ids}))`,
  );
  const [row] = await queryRows<{ fingerprint: string }>(
    db,
    sql`select concat_ws(',', ${sql.join(parts, sql`, `)}, (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from tenants t)) as fingerprint`,
  );
  return row?.fingerprint ?? '';
}
