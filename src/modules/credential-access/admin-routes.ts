// Platform admin API of the trust list: the issuers whose credentials open an access tier
// (docs/credential-access.md).
import type { App, AppContext } from '../../context.ts';
import { errorResponses } from '../../core/schemas.ts';
import {
  IdParams,
  TrustedIssuerBody,
  TrustedIssuerListResponse,
  TrustedIssuerPatch,
  TrustedIssuerResponse,
} from './schemas.ts';
import * as trust from './service.ts';

const access = { kind: 'admin' } as const;
const tags = ['Credential access'];
const security = [{ platformAdmin: [] }];

export async function trustListRoutes(app: App, context: AppContext): Promise<void> {
  listRoutes(app, context);
  itemRoutes(app, context);
}

function listRoutes(app: App, context: AppContext): void {
  app.post(
    '/admin/v1/trusted-issuers',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary:
          'Trust a credential issuer: its keys, the credential types accepted from it and the tier they open',
        body: TrustedIssuerBody,
        response: { 201: TrustedIssuerResponse, ...errorResponses(400, 401, 409, 500) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, issuer: await trust.addTrustedIssuer(context, request.body) }),
  );

  app.get(
    '/admin/v1/trusted-issuers',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'List the trusted credential issuers',
        response: { 200: TrustedIssuerListResponse, ...errorResponses(401, 500) },
      },
    },
    async () => ({ success: true as const, issuers: await trust.listTrustedIssuers(context) }),
  );
}

function itemRoutes(app: App, context: AppContext): void {
  app.get(
    '/admin/v1/trusted-issuers/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'One trusted credential issuer',
        params: IdParams,
        response: { 200: TrustedIssuerResponse, ...errorResponses(401, 404, 500) },
      },
    },
    async (request) => ({
      success: true as const,
      issuer: await trust.getTrustedIssuer(context, request.params.id),
    }),
  );

  app.patch(
    '/admin/v1/trusted-issuers/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Change a trusted issuer; sessions opened with a key it no longer lists end at once',
        params: IdParams,
        body: TrustedIssuerPatch,
        response: { 200: TrustedIssuerResponse, ...errorResponses(400, 401, 404, 500) },
      },
    },
    async (request) => ({
      success: true as const,
      issuer: await trust.changeTrustedIssuer(context, request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/v1/trusted-issuers/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Stop trusting an issuer: its credential sessions end at once',
        params: IdParams,
        response: { 200: TrustedIssuerResponse, ...errorResponses(401, 404, 500) },
      },
    },
    async (request) => ({
      success: true as const,
      issuer: await trust.removeTrustedIssuer(context, request.params.id),
    }),
  );
}
