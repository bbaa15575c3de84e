// The shared authentication contract on every grant route and on the access log.
import { describe } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';

async function passportOf(app: App, workspace: TestWorkspace) {
  const operator = await createOperator(app, workspace);
  return createPassport(app, workspace.token, { operatorId: operator.id });
}

async function grantOf(app: App, workspace: TestWorkspace) {
  const passport = await passportOf(app, workspace);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/grants',
    headers: bearer(workspace.token),
    payload: { passportId: passport.id, tier: 'authority', grantee: { name: 'MSA' }, purpose: 'inspection' },
  });
  if (response.statusCode !== 201) throw new Error(`grant issue failed: ${response.body}`);
  return response.json().grant.id as string;
}

const grantUrl =
  (suffix = '') =>
  async (app: App, workspace: TestWorkspace) =>
    `/api/v1/grants/${await grantOf(app, workspace)}${suffix}`;

describe('grant routes', () => {
  describe('POST /api/v1/grants', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/grants',
      url: () => '/api/v1/grants',
      permission: 'grant:write',
      payload: { tier: 'legitimate-interest', grantee: { name: 'Repair Co' }, purpose: 'repair' },
    });
  });
  describe('GET /api/v1/grants', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/grants',
      url: () => '/api/v1/grants',
      permission: 'grant:read',
    });
  });
  describe('POST /api/v1/grants/{id}/approve', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/grants/{id}/approve',
      url: grantUrl('/approve'),
      permission: 'grant:write',
      foreignUrl: grantUrl('/approve'),
    });
  });
  describe('POST /api/v1/grants/{id}/deny', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/grants/{id}/deny',
      url: grantUrl('/deny'),
      permission: 'grant:write',
      foreignUrl: grantUrl('/deny'),
    });
  });
  describe('DELETE /api/v1/grants/{id}', () => {
    authContract({
      method: 'DELETE',
      path: '/api/v1/grants/{id}',
      url: grantUrl(),
      permission: 'grant:write',
      foreignUrl: grantUrl(),
    });
  });
  describe('GET /api/v1/passports/{id}/access-log', () => {
    const url = async (app: App, workspace: TestWorkspace) =>
      `/api/v1/passports/${(await passportOf(app, workspace)).id}/access-log`;
    authContract({
      method: 'GET',
      path: '/api/v1/passports/{id}/access-log',
      url,
      permission: 'passport:read',
      foreignUrl: url,
    });
  });
  describe('GET /api/v1/passports/{id}/history (open to grants too)', () => {
    const url = async (app: App, workspace: TestWorkspace) =>
      `/api/v1/passports/${(await passportOf(app, workspace)).id}/history`;
    authContract({
      method: 'GET',
      path: '/api/v1/passports/{id}/history',
      url,
      permission: 'passport:read',
      foreignUrl: url,
    });
  });
});
