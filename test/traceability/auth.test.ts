// The shared authentication contract on every traceability route.
import { describe } from 'vitest';
import type { App } from '../../src/context.ts';
import { epcisDocument, objectEvent } from '../../src/domain/traceability/samples.ts';
import { bearer, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';

let sequence = 0;

async function lineageUrl(app: App, workspace: TestWorkspace): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: bearer(workspace.token),
    payload: objectEvent({
      eventID: `urn:uuid:55555555-0000-4000-8000-${String(sequence++).padStart(12, '0')}`,
    }),
  });
  if (response.statusCode !== 201) throw new Error(`event failed: ${response.body}`);
  return `/api/v1/events/${response.json().events[0].id}/lineage`;
}

const eventUrl = async (app: App, workspace: TestWorkspace) =>
  (await lineageUrl(app, workspace)).replace(/\/lineage$/, '');

describe('traceability routes', () => {
  describe('POST /api/v1/events', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/events',
      url: () => '/api/v1/events',
      permission: 'event:write',
      payload: objectEvent(),
    });
  });
  describe('POST /api/v1/events/epcis', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/events/epcis',
      url: () => '/api/v1/events/epcis',
      permission: 'event:write',
      payload: epcisDocument([objectEvent()]),
    });
  });
  describe('GET /api/v1/events (EPCIS query)', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/events',
      url: () => '/api/v1/events?perPage=5',
      permission: 'event:read',
    });
  });
  describe('GET /api/v1/events/{id}', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/events/{id}',
      url: eventUrl,
      permission: 'event:read',
      foreignUrl: eventUrl,
    });
  });
  describe('GET /api/v1/events/{id}/lineage', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/events/{id}/lineage',
      url: lineageUrl,
      permission: 'event:read',
      foreignUrl: lineageUrl,
    });
  });
});
