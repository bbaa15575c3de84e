import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';
import { SUBSCRIPTION_STATUSES, TIERS } from '../../domain/auth/plans.ts';
import { KeyRecordSchema } from '../keys/schemas.ts';

export const TierSchema = Type.Enum(TIERS);
export const SubscriptionStatusSchema = Type.Enum(SUBSCRIPTION_STATUSES);

/** A DNS label, lower case, so that `<subdomain>.<base host>` is a valid workspace host. */
export const Subdomain = Type.String({ pattern: '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$' });

/** A GS1 Company Prefix a workspace holds (docs/gs1.md, "GS1 Company Prefixes"). */
export const Gs1CompanyPrefix = Type.String({
  pattern: '^[0-9]{4,12}$',
  description: 'GS1 Company Prefix, 4 to 12 digits',
});

export const TenantSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  subdomain: Type.String(),
  tier: TierSchema,
  subscriptionStatus: SubscriptionStatusSchema,
  mfaRequired: Type.Boolean(),
  passportLimit: Type.Integer(),
  activePassports: Type.Integer(),
  gs1CompanyPrefixes: Type.Array(Gs1CompanyPrefix, {
    description:
      'the GS1 Company Prefixes the workspace holds: only it may create passports for keys under them',
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const CreateWorkspaceBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    subdomain: Subdomain,
    tier: TierSchema,
    passportLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);

export const UpdateWorkspaceBody = Type.Object(
  {
    tier: Type.Optional(TierSchema),
    subscriptionStatus: Type.Optional(SubscriptionStatusSchema),
    mfaRequired: Type.Optional(Type.Boolean()),
    passportLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    gs1CompanyPrefixes: Type.Optional(
      Type.Array(Gs1CompanyPrefix, {
        maxItems: 1000,
        description:
          "the workspace's whole set of GS1 Company Prefixes (replaces the set; [] clears it); a prefix another workspace holds is 409 GS1_PREFIX_HELD",
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const CreatedWorkspaceResponse = Type.Object({
  success: Type.Literal(true),
  tenant: TenantSchema,
  apiKey: Type.Intersect([KeyRecordSchema, Type.Object({ token: Type.String() })]),
});

export const WorkspaceResponse = Type.Object({ success: Type.Literal(true), tenant: TenantSchema });

export const WorkspaceListResponse = Type.Object({
  success: Type.Literal(true),
  workspaces: Type.Array(TenantSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});

export const WorkspaceParams = Type.Object({ id: Uuid });
export const WorkspaceKeyParams = Type.Object({ id: Uuid, keyId: Uuid });
