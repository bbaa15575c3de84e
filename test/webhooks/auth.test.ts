// The shared authentication contract on every webhook route.
import { describe } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';

// A public address written as an IP literal: registration needs no DNS and sends nothing.
const TARGET = 'https://93.184.215.14/hooks';

async function subscriptionUrl(app: App, workspace: TestWorkspace): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/subscriptions',
    headers: bearer(workspace.token),
    payload: { url: TARGET, events: ['*'] },
  });
  if (response.statusCode !== 201) throw new Error(`subscription failed: ${response.body}`);
  return `/api/v1/webhooks/subscriptions/${response.json().subscription.id}`;
}

describe('webhook routes', () => {
  describe('GET /api/v1/webhooks/subscriptions', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/webhooks/subscriptions',
      url: () => '/api/v1/webhooks/subscriptions',
      permission: 'webhook:read',
    });
  });
  describe('POST /api/v1/webhooks/subscriptions', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/webhooks/subscriptions',
      url: () => '/api/v1/webhooks/subscriptions',
      permission: 'webhook:write',
      payload: { url: TARGET, events: ['passport.recalled'] },
    });
  });
  describe('PATCH /api/v1/webhooks/subscriptions/{id}', () => {
    authContract({
      method: 'PATCH',
      path: '/api/v1/webhooks/subscriptions/{id}',
      url: subscriptionUrl,
      permission: 'webhook:write',
      payload: { active: false },
      foreignUrl: subscriptionUrl,
    });
  });
  describe('DELETE /api/v1/webhooks/subscriptions/{id}', () => {
    authContract({
      method: 'DELETE',
      path: '/api/v1/webhooks/subscriptions/{id}',
      url: subscriptionUrl,
      permission: 'webhook:write',
      foreignUrl: subscriptionUrl,
    });
  });
  describe('POST /api/v1/webhooks/subscriptions/{id}/rotate-secret', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/webhooks/subscriptions/{id}/rotate-secret',
      url: async (app, workspace) => `${await subscriptionUrl(app, workspace)}/rotate-secret`,
      permission: 'webhook:write',
      foreignUrl: async (app, other) => `${await subscriptionUrl(app, other)}/rotate-secret`,
    });
  });
  describe('POST /api/v1/webhooks/subscriptions/{id}/test', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/webhooks/subscriptions/{id}/test',
      url: async (app, workspace) => `${await subscriptionUrl(app, workspace)}/test`,
      permission: 'webhook:write',
      foreignUrl: async (app, other) => `${await subscriptionUrl(app, other)}/test`,
    });
  });
  describe('GET /api/v1/webhooks/deliveries', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/webhooks/deliveries',
      url: () => '/api/v1/webhooks/deliveries',
      permission: 'webhook:read',
    });
  });
});
