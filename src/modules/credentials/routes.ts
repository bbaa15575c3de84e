// Credential routes: the workspace's status lists, the credential metadata context, and the
// catalog's readiness report. The credentials themselves are representations of public resolution.
import type { App, AppContext } from '../../context.ts';
import { PUBLIC_STATUS } from '../../core/cache-policy.ts';
import { AppError } from '../../core/errors.ts';
import {
  emptyResponse,
  errorResponses,
  JsonLdDocument,
  LD_MEDIA,
  mediaResponse,
  mediaResponses,
  readPaging,
  TENANT_ERRORS,
} from '../../core/schemas.ts';
import {
  credentialMetadataContext,
  STATUS_PURPOSES,
  type StatusPurpose,
  VC_JWT_MEDIA_TYPE,
  VC_LD_MEDIA_TYPE,
} from '../../domain/credentials/index.ts';
import { sendCacheable } from '../../http/cache-headers.ts';
import { negotiate } from '../../http/negotiate.ts';
import { JSON_TYPE, LD_JSON, sendText } from '../../http/reply.ts';
import { actorOf } from '../../http/request-actor.ts';
import { readinessReport } from './readiness.ts';
import { CompactJws, ReadinessQuery, ReadinessResponse, StatusListLd, TenantParams } from './schemas.ts';
import { statusList } from './status.ts';

const tags = ['Verifiable credentials'];
// Verifiers fetch the lists from anywhere; they may change with any status move, so a shared cache
// keeps them for the node's one second and then revalidates (cache-headers.ts).
const STATUS_HEADERS = { ...PUBLIC_STATUS, 'access-control-allow-origin': '*' };
const PUBLIC_DOCUMENT = { 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' };
const LIST_FORMS = [VC_LD_MEDIA_TYPE, VC_JWT_MEDIA_TYPE] as const;
const LIST_MEANING: Record<StatusPurpose, string> = {
  revocation: 'set for good by a decommission or a recycled unit',
  suspension: 'set by a recall, cleared by reactivation',
};

export async function credentialRoutes(app: App, services: AppContext): Promise<void> {
  const context = JSON.stringify(credentialMetadataContext(services.baseUrl));

  for (const purpose of STATUS_PURPOSES) {
    app.get(
      `/tenants/:tenantId/status/${purpose}`,
      {
        config: { access: { kind: 'public', budget: 'anonymous' } },
        schema: {
          tags,
          summary: `The workspace's Bitstring Status List credential for ${purpose} (${LIST_MEANING[purpose]}; Data Integrity by default, or vc+jwt)`,
          params: TenantParams,
          response: {
            200: mediaResponses('The signed status list credential', {
              [VC_LD_MEDIA_TYPE]: StatusListLd,
              [VC_JWT_MEDIA_TYPE]: CompactJws,
            }),
            304: emptyResponse('Not Modified: the If-None-Match ETag is current'),
            ...errorResponses(404, 406, 429, 500),
          },
        },
      },
      async (request, reply) => {
        reply.header('vary', 'Accept');
        const form = negotiate(request.headers.accept, LIST_FORMS);
        if (!form) {
          throw new AppError(
            'NOT_ACCEPTABLE',
            `None of the requested types is offered: ${LIST_FORMS.join(', ')}`,
            {
              extra: { offered: [...LIST_FORMS] },
            },
          );
        }
        const { tenantId } = request.params;
        const list = await statusList(services, tenantId, purpose);
        return sendCacheable(request, reply, {
          type: form,
          body: form === VC_JWT_MEDIA_TYPE ? list.jwt : list.ld,
          headers: STATUS_HEADERS,
          tags: { workspaceId: tenantId },
        });
      },
    );
  }

  app.get(
    '/contexts/dpp/credential/v1',
    {
      schema: {
        tags,
        summary: 'JSON-LD context of the credentials (the category metadata term)',
        response: { 200: mediaResponse(LD_MEDIA, JsonLdDocument, 'The context'), ...errorResponses(429) },
      },
    },
    async (_request, reply) => sendText(reply.headers(PUBLIC_DOCUMENT), 200, LD_JSON, context),
  );

  app.get(
    '/api/v1/passports/vc-readiness',
    {
      config: { access: { kind: 'tenant', permission: 'passport:read' } },
      schema: {
        tags,
        summary: 'Catalog-wide Verifiable Credential readiness report (paged like the passport list)',
        querystring: ReadinessQuery,
        response: { 200: ReadinessResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      const { page, limit } = readPaging(request.query);
      const report = await readinessReport(services, actorOf(request), page, limit);
      return sendText(reply, 200, JSON_TYPE, JSON.stringify(report));
    },
  );
}
