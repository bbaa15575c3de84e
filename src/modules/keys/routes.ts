import { Type } from 'typebox';
// Workspace key management: create (token shown once), list (never the token), revoke.
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { tenantOf } from '../../http/auth.ts';
import { actorOf } from '../../http/request-actor.ts';
import { assertMayIssueKeys } from './mfa-gate.ts';
import { CreatedKeyResponse, CreateKeyBody, KeyIdParams, KeyListResponse } from './schemas.ts';
import * as keys from './service.ts';

const access = { kind: 'tenant', permission: 'keys:manage' } as const;
const tags = ['Keys'];

export async function keyRoutes(app: App, context: AppContext): Promise<void> {
  app.post(
    '/api/v1/keys',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create an API key; the token is returned only here',
        body: CreateKeyBody,
        response: { 201: CreatedKeyResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      assertMayIssueKeys(tenantOf(request));
      const actor = actorOf(request);
      const created = await keys.createKey(context, actor, request.body);
      return reply.code(201).send({ success: true, ...created });
    },
  );

  app.get(
    '/api/v1/keys',
    {
      config: { access },
      schema: {
        tags,
        summary: 'List API keys',
        response: { 200: KeyListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      keys: await keys.listKeys(context, actorOf(request)),
    }),
  );

  app.delete(
    '/api/v1/keys/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Revoke an API key',
        params: KeyIdParams,
        response: { 204: Type.Null(), ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      await keys.revokeKey(context, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
