import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';

export const GrantTierSchema = Type.Union([Type.Literal('legitimate-interest'), Type.Literal('authority')]);

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const GranteeSchema = Type.Object(
  {
    name: Text(200),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    organisation: Type.Optional(Text(200)),
    role: Type.Optional(Text(100)),
  },
  { additionalProperties: false },
);

export const IssueGrantBody = Type.Object(
  {
    passportId: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    operatorId: Type.Optional(Uuid),
    tier: GrantTierSchema,
    grantee: GranteeSchema,
    purpose: Text(2000),
    expiresAt: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const ApproveGrantBody = Type.Union([
  Type.Object(
    { expiresAt: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])) },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

export const GrantRecordSchema = Type.Object({
  id: Uuid,
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('active'),
    Type.Literal('expired'),
    Type.Literal('denied'),
    Type.Literal('revoked'),
  ]),
  origin: Type.Union([Type.Literal('issued'), Type.Literal('requested')]),
  tier: GrantTierSchema,
  passportId: Type.Union([Uuid, Type.Null()]),
  operatorId: Type.Union([Uuid, Type.Null()]),
  grantee: Type.Object({
    name: Type.String(),
    email: Type.Optional(Type.String()),
    organisation: Type.Optional(Type.String()),
    role: Type.Optional(Type.String()),
  }),
  purpose: Type.String(),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  createdBy: Type.String(),
  createdAt: Timestamp,
  decidedAt: Type.Union([Timestamp, Type.Null()]),
  revokedAt: Type.Union([Timestamp, Type.Null()]),
  collectedAt: Type.Union([Timestamp, Type.Null()]),
});

export const IssuedGrantResponse = Type.Object({
  success: Type.Literal(true),
  grant: GrantRecordSchema,
  /** Shown only in this response; only its hash is stored. */
  token: Type.String(),
});

export const GrantResponse = Type.Object({ success: Type.Literal(true), grant: GrantRecordSchema });

export const GrantListResponse = Type.Object({
  success: Type.Literal(true),
  grants: Type.Array(GrantRecordSchema),
});

export const GrantIdParams = Type.Object({ id: Uuid });

export const AccessLogQuery = Type.Object({
  cursor: Type.Optional(Type.String({ description: 'nextCursor of the previous page' })),
  limit: Type.Optional(
    Type.String({ description: 'integer, clamped to 1 to 200; non-numeric falls back to 100' }),
  ),
});

export const AccessLogResponse = Type.Object({
  success: Type.Literal(true),
  passportId: Uuid,
  productId: Type.String(),
  entries: Type.Array(
    Type.Object({
      id: Uuid,
      at: Timestamp,
      tier: Type.String(),
      action: Type.String(),
      accessor: Type.String(),
      grantId: Type.Union([Uuid, Type.Null()]),
      representation: Type.Union([Type.String(), Type.Null()]),
      clientAddress: Type.Union([Type.String(), Type.Null()]),
      credential: Type.Optional(
        Type.Union([
          Type.Object(
            {
              issuer: Type.String({ description: 'the trusted issuer’s name' }),
              credentialType: Type.String({ description: 'the SD-JWT VC `vct`' }),
              organisation: Type.Union([Type.String(), Type.Null()]),
              country: Type.Union([Type.String(), Type.Null()]),
            },
            { description: 'a credential session’s read (docs/credential-access.md)' },
          ),
          Type.Null(),
        ]),
      ),
    }),
  ),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
