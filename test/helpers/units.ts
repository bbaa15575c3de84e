// Fixtures for unit tests, made through the public API: a workspace with an operator and a battery
// passport, units serialised under it, and events appended to them.
import { randomUUID } from 'node:crypto';
import type { App } from '../../src/context.ts';
import { bearer, createWorkspace, type TestWorkspace } from './app.ts';
import { createOperator, createPassport } from './passports.ts';

export const uniqueSerial = () => `S${randomUUID().replaceAll('-', '').slice(0, 12)}`;

export async function unitWorkspace(app: App) {
  const workspace = await createWorkspace(app);
  await createOperator(app, workspace);
  const passport = await createPassport(app, workspace.token);
  return { workspace, passport };
}

export function serialise(app: App, token: string, passportRef: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/passports/${encodeURIComponent(passportRef)}/units`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

export async function createUnit(
  app: App,
  token: string,
  passportId: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { id: string; serialNumber: string }> {
  const response = await serialise(app, token, passportId, { serialNumber: uniqueSerial(), ...body });
  if (response.statusCode !== 201) throw new Error(`unit creation failed: ${response.body}`);
  return response.json().units[0];
}

export function appendEvent(
  app: App,
  token: string,
  unitId: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/units/${unitId}/events`,
    headers: { ...bearer(token), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

export function appendBulk(
  app: App,
  token: string,
  unitId: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/units/${unitId}/events/bulk`,
    headers: { ...bearer(token), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

export const getUnit = (app: App, token: string, unitId: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1/units/${unitId}`, headers: { ...bearer(token), ...headers } });

export type { TestWorkspace };
