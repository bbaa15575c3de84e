// The shared authentication contract on every operator route.
import { describe } from 'vitest';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator } from '../helpers/operator-fixtures.ts';

const byId = (suffix = '') =>
  (async (app, workspace) =>
    `/api/v1/operators/${(await createOperator(app, workspace)).id}${suffix}`) satisfies Parameters<
    typeof authContract
  >[0]['url'];

describe('operator routes', () => {
  describe('POST /api/v1/operators', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/operators',
      url: () => '/api/v1/operators',
      permission: 'operator:write',
      payload: { name: 'Auth GmbH', regId: 'DE123456789', regIdScheme: 'EORI', role: 'MANUFACTURER' },
    });
  });
  describe('GET /api/v1/operators', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/operators',
      url: () => '/api/v1/operators',
      permission: 'operator:read',
    });
  });
  describe('GET /api/v1/operators/{id}', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/operators/{id}',
      url: byId(),
      permission: 'operator:read',
      foreignUrl: byId(),
    });
  });
  describe('PATCH /api/v1/operators/{id}', () => {
    authContract({
      method: 'PATCH',
      path: '/api/v1/operators/{id}',
      url: byId(),
      permission: 'operator:write',
      payload: { name: 'Renamed' },
      foreignUrl: byId(),
    });
  });
  describe('DELETE /api/v1/operators/{id}', () => {
    authContract({
      method: 'DELETE',
      path: '/api/v1/operators/{id}',
      url: byId(),
      permission: 'operator:write',
      foreignUrl: byId(),
    });
  });
  describe('POST /api/v1/operators/{id}/restore', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/operators/{id}/restore',
      url: byId('/restore'),
      permission: 'operator:write',
      foreignUrl: byId('/restore'),
    });
  });
});
