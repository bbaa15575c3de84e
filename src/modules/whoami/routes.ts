// GET /api/v1/whoami: the Whoami result, field for field, from the authenticated principal alone
// (no further store read: the key lookup already joined the workspace and its usage counter).
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errorResponses } from '../../core/schemas.ts';
import { tenantOf } from '../../http/auth.ts';
import { SubscriptionStatusSchema, TierSchema } from '../workspaces/schemas.ts';

const WhoamiResult = Type.Object({
  success: Type.Boolean(),
  tenant: Type.Object({
    id: Type.String(),
    name: Type.String(),
    subdomain: Type.String(),
    tier: TierSchema,
    subscriptionStatus: SubscriptionStatusSchema,
    /** Whether the workspace requires MFA of its members (and of key creation: docs/authentication.md). */
    mfaRequired: Type.Boolean(),
  }),
  auth: Type.Object({
    role: Type.String(),
    permissions: Type.Array(Type.String()),
    isApiKeySession: Type.Boolean(),
    operatorId: Type.Union([Type.String(), Type.Null()]),
  }),
  usage: Type.Object({ activePassports: Type.Integer(), passportLimit: Type.Integer() }),
});

export async function whoamiRoutes(app: App): Promise<void> {
  app.get(
    '/api/v1/whoami',
    {
      config: { access: { kind: 'tenant', withoutApiAccess: true } },
      schema: {
        tags: ['Service'],
        summary: 'The calling credential, its workspace and usage',
        response: { 200: WhoamiResult, ...errorResponses(401, 403, 429, 500) },
      },
    },
    async (request) => {
      const principal = tenantOf(request);
      const { tenant } = principal;
      const key = principal.kind === 'apiKey' ? principal.key : { ...principal.member, operatorId: null };
      return {
        success: true,
        tenant: {
          id: tenant.id,
          name: tenant.name,
          subdomain: tenant.subdomain,
          tier: tenant.tier,
          subscriptionStatus: tenant.subscriptionStatus,
          mfaRequired: tenant.mfaRequired,
        },
        auth: {
          role: key.role,
          permissions: key.permissions,
          isApiKeySession: principal.kind === 'apiKey',
          operatorId: key.operatorId,
        },
        usage: { activePassports: tenant.activePassports, passportLimit: tenant.passportLimit },
      };
    },
  );
}
