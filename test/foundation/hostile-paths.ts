// The hostile routes with an id in their path (each fed hostile ids), and the lists with the query
// keys they read (each fed hostile values).
import { batteryMetadata } from '../helpers/passports.ts';
import { goodEvent, key } from './hostile-bodies.ts';
import type { HostileFixtures } from './hostile-fixtures.ts';
import type { ListRoute, PathRoute } from './hostile-types.ts';

export function pathRoutes({ passport, other, lifeCyclePassport }: HostileFixtures): PathRoute[] {
  const passportBody = { metadata: batteryMetadata() };
  return [
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
    { method: 'GET', url: (id) => `/tenants/${id}/status/suspension` },
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
}

export function listRoutes({ passport, unit, lineageEvent }: HostileFixtures): ListRoute[] {
  const paging = ['page', 'limit'];
  return [
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
}
