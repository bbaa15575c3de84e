// The hostile write routes of the workspace's own records: members, keys, workspaces, operators,
// facilities, webhook subscriptions and traceability events.
import { randomUUID } from 'node:crypto';
import { epcisDocument, objectEvent } from '../../src/domain/traceability/samples.ts';
import { newGtin13 } from '../helpers/passports.ts';
import { key } from './hostile-bodies.ts';
import type { HostileFixtures } from './hostile-fixtures.ts';
import type { WriteRoute } from './hostile-types.ts';

export function workspaceWrites({ staff, other, operatorId, facility }: HostileFixtures): WriteRoute[] {
  return [
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
  ];
}
