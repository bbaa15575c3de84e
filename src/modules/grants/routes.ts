// Access grants over the API: issue (token shown once), list (never a token), approve, deny, revoke;
// and the owner's view of a passport's access log.
import type { App, AppContext } from '../../context.ts';
import { errorResponses, readInteger, TENANT_ERRORS } from '../../core/schemas.ts';
import { actorOf } from '../../http/request-actor.ts';
import { IdParams } from '../passports/schemas.ts';
import {
  AccessLogQuery,
  AccessLogResponse,
  ApproveGrantBody,
  GrantIdParams,
  GrantListResponse,
  GrantResponse,
  IssuedGrantResponse,
  IssueGrantBody,
} from './schemas.ts';
import * as grants from './service.ts';

const read = { kind: 'tenant', permission: 'grant:read' } as const;
const write = { kind: 'tenant', permission: 'grant:write' } as const;
const tags = ['Access grants'];
const MOVE_ERRORS = [...TENANT_ERRORS, 409] as const;

export async function grantRoutes(app: App, services: AppContext): Promise<void> {
  grantCollectionRoutes(app, services);
  grantMoveRoutes(app, services);
  accessLogRoutes(app, services);
}

/** The workspace's grants as a collection: issue one, list them. */
function grantCollectionRoutes(app: App, services: AppContext): void {
  app.post(
    '/api/v1/grants',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Issue a grant; its token is returned only here',
        body: IssueGrantBody,
        response: { 201: IssuedGrantResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const issued = await grants.issueGrant(services, actorOf(request), request.body);
      return reply.code(201).send({ success: true, ...issued });
    },
  );

  app.get(
    '/api/v1/grants',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Grants and pending requests, newest first (never a token)',
        response: { 200: GrantListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      grants: await grants.listGrants(services, actorOf(request)),
    }),
  );
}

/** The moves of one grant's state table: approve or deny a request, revoke a grant. */
function grantMoveRoutes(app: App, services: AppContext): void {
  app.post(
    '/api/v1/grants/:id/approve',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Approve a pending request: the token is minted for the requester to collect once',
        params: GrantIdParams,
        body: ApproveGrantBody,
        response: { 200: GrantResponse, ...errorResponses(...MOVE_ERRORS) },
      },
    },
    async (request) => {
      const expiresAt = request.body?.expiresAt;
      const grant = await grants.approveGrant(services, actorOf(request), request.params.id, expiresAt);
      return { success: true as const, grant };
    },
  );

  app.post(
    '/api/v1/grants/:id/deny',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Deny a pending request',
        params: GrantIdParams,
        response: { 200: GrantResponse, ...errorResponses(...MOVE_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      grant: await grants.denyGrant(services, actorOf(request), request.params.id),
    }),
  );

  app.delete(
    '/api/v1/grants/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Revoke an issued grant (soft: the record stays, the token stops working)',
        params: GrantIdParams,
        response: { 200: GrantResponse, ...errorResponses(...MOVE_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      grant: await grants.revokeGrant(services, actorOf(request), request.params.id),
    }),
  );
}

/** The owner's view of a passport's access log. */
function accessLogRoutes(app: App, services: AppContext): void {
  app.get(
    '/api/v1/passports/:id/access-log',
    {
      config: { access: { kind: 'tenant', permission: 'passport:read' } },
      schema: {
        tags,
        summary:
          'Reads of this passport by grant holders, and of its history by anyone, newest first (cursor pages)',
        params: IdParams,
        querystring: AccessLogQuery,
        response: { 200: AccessLogResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const limit = readInteger(request.query.limit, 100, 1, 200);
      const page = await grants.listAccessLog(
        services,
        actorOf(request),
        request.params.id,
        request.query.cursor,
        limit,
      );
      return { success: true as const, ...page };
    },
  );
}
