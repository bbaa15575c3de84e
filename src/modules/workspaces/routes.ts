// Platform admin API (PLATFORM_ADMIN_TOKEN): workspaces and their keys. The `opendpp` CLI wraps it.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses, PagingQuery, readPaging } from '../../core/schemas.ts';
import { CreatedKeyResponse, CreateKeyBody, KeyListResponse } from '../keys/schemas.ts';
import {
  CreatedWorkspaceResponse,
  CreateWorkspaceBody,
  UpdateWorkspaceBody,
  WorkspaceKeyParams,
  WorkspaceListResponse,
  WorkspaceParams,
  WorkspaceResponse,
} from './schemas.ts';
import * as workspaces from './service.ts';

const access = { kind: 'admin' } as const;
const tags = ['Platform admin'];
const security = [{ platformAdmin: [] }];
const ADMIN_ERRORS = [400, 401, 404, 409, 500];

export async function workspaceRoutes(app: App, context: AppContext): Promise<void> {
  await workspaceAdminRoutes(app, context);
  await workspaceKeyRoutes(app, context);
}

/** Create, list and change workspaces. */
async function workspaceAdminRoutes(app: App, context: AppContext): Promise<void> {
  app.post(
    '/admin/v1/workspaces',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Create a workspace and its first full-permission API key',
        body: CreateWorkspaceBody,
        response: { 201: CreatedWorkspaceResponse, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const created = await workspaces.createWorkspace(context, workspaces.PLATFORM_ADMIN, request.body);
      return reply.code(201).send({ success: true, ...created });
    },
  );

  app.get(
    '/admin/v1/workspaces',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'List workspaces',
        querystring: PagingQuery,
        response: { 200: WorkspaceListResponse, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { page, limit } = readPaging(request.query);
      return {
        success: true as const,
        page,
        limit,
        ...(await workspaces.listWorkspaces(context, workspaces.PLATFORM_ADMIN, { page, limit })),
      };
    },
  );

  app.patch(
    '/admin/v1/workspaces/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Change plan, subscription status, MFA requirement, passport limit or GS1 Company Prefixes',
        params: WorkspaceParams,
        body: UpdateWorkspaceBody,
        response: { 200: WorkspaceResponse, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      tenant: await workspaces.updateWorkspace(context, workspaces.PLATFORM_ADMIN, {
        id: request.params.id,
        changes: request.body,
      }),
    }),
  );
}

/** A workspace's API keys: create, list, revoke. */
async function workspaceKeyRoutes(app: App, context: AppContext): Promise<void> {
  app.post(
    '/admin/v1/workspaces/:id/keys',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: "Create an API key in a workspace (any role, the workspace's operators)",
        params: WorkspaceParams,
        body: CreateKeyBody,
        response: { 201: CreatedKeyResponse, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const created = await workspaces.createWorkspaceKey(
        context,
        workspaces.PLATFORM_ADMIN,
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ success: true, ...created });
    },
  );

  app.get(
    '/admin/v1/workspaces/:id/keys',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: "List a workspace's API keys",
        params: WorkspaceParams,
        response: { 200: KeyListResponse, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        success: true as const,
        keys: await workspaces.listWorkspaceKeys(context, workspaces.PLATFORM_ADMIN, id),
      };
    },
  );

  app.delete(
    '/admin/v1/workspaces/:id/keys/:keyId',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: "Revoke a workspace's API key",
        params: WorkspaceKeyParams,
        response: { 204: Type.Null(), ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { id, keyId } = request.params;
      await workspaces.revokeWorkspaceKey(context, workspaces.PLATFORM_ADMIN, id, keyId);
      return reply.code(204).send(null);
    },
  );
}
