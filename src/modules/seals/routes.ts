// Seal routes: verify a sealed document, rotate the workspace key, and the public trust material
// (the CA certificate, the workspace's DID document). Sealing a passport is the sealing module's.

import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { PUBLIC_KEYS } from '../../core/cache-policy.ts';
import { emptyResponse, errorResponses, mediaResponse, TENANT_ERRORS } from '../../core/schemas.ts';
import { sendCacheable } from '../../http/cache-headers.ts';
import { sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import { DidDocument, RotateResponse, TenantParams, VerifyBody, VerifyResponse } from './schemas.ts';
import { rotateSigningKeys, sealCaCertificate, verifyOnThisNode, workspaceDidDocument } from './service.ts';

const tags = ['Seals'];
// Trust material that verifiers fetch from anywhere: cacheable for a short while, readable cross-origin.
const DID_ANSWER = {
  type: 'application/did+json',
  headers: { ...PUBLIC_KEYS, 'access-control-allow-origin': '*' },
};
const PUBLIC_TRUST = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };

export async function sealRoutes(app: App, services: AppContext): Promise<void> {
  app.post(
    '/api/v1/audit/verify',
    {
      config: { access: { kind: 'public', budget: 'validator' } },
      schema: {
        tags,
        summary:
          'Verify a sealed passport document: Merkle root, signature, certificate chain, timestamp, operator binding',
        body: VerifyBody,
        response: { 200: VerifyResponse, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await verifyOnThisNode(services, request.body.document, {
        requireTimestamp: request.body.requireTimestamp === true,
      })),
    }),
  );

  app.post(
    '/api/v1/tenants/rotate-keys',
    {
      config: { access: { kind: 'tenant', permission: 'tenant:manage' } },
      schema: {
        tags,
        summary: "Rotate the workspace's signing key; earlier keys stay registered as retired",
        response: { 200: RotateResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const keys = await rotateSigningKeys(services, actorOf(request));
      const activeKey = keys.find((key) => key.status === 'active');
      if (!activeKey) throw new Error('rotation left no active key');
      return { success: true as const, activeKey, keys };
    },
  );

  app.get(
    '/.well-known/opendpp-seal-ca.pem',
    {
      config: { access: { kind: 'public', budget: 'anonymous' } },
      schema: {
        tags,
        summary: 'The platform seal-CA certificate (PEM)',
        response: {
          200: mediaResponse('application/x-pem-file', Type.String(), 'The CA certificate, PEM'),
          ...errorResponses(429, 500),
        },
      },
    },
    async (_request, reply) =>
      sendText(reply.headers(PUBLIC_TRUST), 200, 'application/x-pem-file', await sealCaCertificate(services)),
  );

  app.get(
    '/tenants/:tenantId/did.json',
    {
      config: { access: { kind: 'public', budget: 'anonymous' } },
      schema: {
        tags,
        summary: "The workspace's did:web DID document (public keys only)",
        params: TenantParams,
        response: {
          200: mediaResponse('application/did+json', DidDocument, 'The DID document'),
          304: emptyResponse('Not Modified: the If-None-Match ETag is current'),
          ...errorResponses(404, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      const body = JSON.stringify(await workspaceDidDocument(services, tenantId));
      return sendCacheable(request, reply, { ...DID_ANSWER, body, tags: { workspaceId: tenantId } });
    },
  );
}
