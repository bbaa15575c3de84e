// Request and response shapes of the seal routes.
import { Type } from 'typebox';

export const VerifyBody = Type.Object(
  {
    document: Type.Unknown({ description: 'a passport document as served to its owner (full or masked)' }),
    requireTimestamp: Type.Optional(
      Type.Boolean({
        description:
          'true: a seal without an RFC 3161 timestamp is invalid (checks.timestamp false) instead of the check not applying (null)',
      }),
    ),
  },
  { additionalProperties: false },
);

const Check = Type.Union([Type.Boolean(), Type.Null()]);

export const VerifyResponse = Type.Object({
  success: Type.Literal(true),
  valid: Type.Boolean(),
  checks: Type.Object({
    merkleRoot: Check,
    signature: Check,
    certificateChain: Check,
    timestamp: Check,
    operatorBinding: Check,
  }),
  reasons: Type.Array(Type.String()),
});

export const SigningKeyRecord = Type.Object({
  kid: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('retired')]),
  publicKey: Type.Object(
    { kty: Type.Literal('EC'), crv: Type.Literal('P-256'), x: Type.String(), y: Type.String() },
    { additionalProperties: true, description: 'public JWK; never a private member' },
  ),
  certificate: Type.String({ description: 'PEM of the certificate the seal CA issued for the key' }),
  createdAt: Type.String({ format: 'date-time' }),
  retiredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const RotateResponse = Type.Object({
  success: Type.Literal(true),
  activeKey: SigningKeyRecord,
  keys: Type.Array(SigningKeyRecord),
});

export const TenantParams = Type.Object({ tenantId: Type.String({ minLength: 1, maxLength: 64 }) });

export const DidDocument = Type.Object(
  {
    '@context': Type.Array(Type.String()),
    id: Type.String(),
    verificationMethod: Type.Array(
      Type.Object({
        id: Type.String(),
        type: Type.String(),
        controller: Type.String(),
        publicKeyJwk: Type.Unknown(),
      }),
    ),
    assertionMethod: Type.Array(Type.String()),
    service: Type.Array(
      Type.Object({ id: Type.String(), type: Type.String(), serviceEndpoint: Type.String() }),
    ),
  },
  { additionalProperties: true },
);
