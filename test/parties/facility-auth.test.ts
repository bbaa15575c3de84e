// The shared authentication contract on every facility route.
import { describe } from 'vitest';
import type { App } from '../../src/context.ts';
import { withCheckDigit } from '../../src/domain/gs1/check-digit.ts';
import { bearer, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';

let sequence = 0;
const gln = () => withCheckDigit(`40999990${String(sequence++).padStart(4, '0')}`);

async function facilityUrl(app: App, workspace: TestWorkspace): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/facilities',
    headers: bearer(workspace.token),
    payload: { gln: gln(), name: 'Auth plant', activity: 'manufacturing', country: 'DE' },
  });
  if (response.statusCode !== 201) throw new Error(`facility creation failed: ${response.body}`);
  return `/api/v1/facilities/${response.json().facility.id}`;
}

describe('facility routes', () => {
  describe('POST /api/v1/facilities', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/facilities',
      url: () => '/api/v1/facilities',
      permission: 'facility:write',
      payload: { gln: '4000001000005', name: 'Plant', activity: 'assembly', country: 'DE' },
    });
  });
  describe('GET /api/v1/facilities', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/facilities',
      url: () => '/api/v1/facilities',
      permission: 'facility:read',
    });
  });
  describe('GET /api/v1/facilities/{id}', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/facilities/{id}',
      url: facilityUrl,
      permission: 'facility:read',
      foreignUrl: facilityUrl,
    });
  });
  describe('PUT /api/v1/facilities/{id}', () => {
    authContract({
      method: 'PUT',
      path: '/api/v1/facilities/{id}',
      url: facilityUrl,
      permission: 'facility:write',
      payload: { name: 'Renamed', activity: 'repair', country: 'FR' },
      foreignUrl: facilityUrl,
    });
  });
  describe('DELETE /api/v1/facilities/{id}', () => {
    authContract({
      method: 'DELETE',
      path: '/api/v1/facilities/{id}',
      url: facilityUrl,
      permission: 'facility:write',
      foreignUrl: facilityUrl,
    });
  });
});
