// The authentication contract of every registry route: 401, 403, 402 on the write, and another
// workspace's passport, unit or registration answering 404.
import { describe } from 'vitest';
import type { App } from '../../src/context.ts';
import { apiCall, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';

const passportOf = async (app: App, ws: TestWorkspace) => {
  await createOperator(app, ws);
  return createPassport(app, ws.token);
};
const passportUrl = async (app: App, ws: TestWorkspace, suffix: string) =>
  `/api/v1/passports/${(await passportOf(app, ws)).id}${suffix}`;
const unitUrl = async (app: App, ws: TestWorkspace) => {
  const passport = await passportOf(app, ws);
  return `/api/v1/units/${(await createUnit(app, ws.token, passport.id)).id}/registry-record`;
};
const proofUrl = async (app: App, ws: TestWorkspace) => {
  const passport = await passportOf(app, ws);
  const recorded = await apiCall(app, ws.token, 'POST', `/api/v1/passports/${passport.id}/registrations`, {
    registrationId: 'EU-1',
    registeredAt: new Date(Date.now() - 60_000).toISOString(),
    version: 1,
    proof: Buffer.from('%PDF-1.7 proof').toString('base64'),
  });
  return new URL(recorded.json().registration.proof.url).pathname;
};
const registration = {
  registrationId: 'EU-2',
  registeredAt: '2026-11-01T00:00:00.000Z',
  version: 1,
};

describe('registry routes', () => {
  authContract({
    method: 'GET',
    path: '/api/v1/passports/{id}/registry-record',
    url: (app, ws) => passportUrl(app, ws, '/registry-record'),
    permission: 'passport:read',
    foreignUrl: (app, other) => passportUrl(app, other, '/registry-record'),
  });
  authContract({
    method: 'GET',
    path: '/api/v1/units/{id}/registry-record',
    url: unitUrl,
    permission: 'passport:read',
    foreignUrl: unitUrl,
  });
  authContract({
    method: 'GET',
    path: '/api/v1/registry/submissions',
    url: () => '/api/v1/registry/submissions?status=ready',
    permission: 'passport:read',
  });
  authContract({
    method: 'GET',
    path: '/api/v1/registry/overview',
    url: () => '/api/v1/registry/overview',
    permission: 'passport:read',
  });
  authContract({
    method: 'POST',
    path: '/api/v1/passports/{id}/registrations',
    url: (app, ws) => passportUrl(app, ws, '/registrations'),
    payload: registration,
    permission: 'passport:update',
    foreignUrl: (app, other) => passportUrl(app, other, '/registrations'),
  });
  authContract({
    method: 'GET',
    path: '/api/v1/passports/{id}/registrations',
    url: (app, ws) => passportUrl(app, ws, '/registrations'),
    permission: 'passport:read',
    foreignUrl: (app, other) => passportUrl(app, other, '/registrations'),
  });
  authContract({
    method: 'GET',
    path: '/api/v1/passports/{id}/registrations/{registration}/proof',
    url: proofUrl,
    permission: 'passport:read',
    foreignUrl: proofUrl,
  });
});
