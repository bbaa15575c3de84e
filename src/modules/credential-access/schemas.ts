// Request and answer schemas of access by credential: the trust list (platform admin) and the
// OpenID4VP verifier's public routes (docs/credential-access.md).
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';

const Tier = Type.Union([Type.Literal('legitimate-interest'), Type.Literal('authority')]);
const Jwks = Type.Object(
  { keys: Type.Array(Type.Record(Type.String(), Type.Unknown()), { minItems: 1, maxItems: 20 }) },
  { description: 'a JWKS of the issuer’s public keys' },
);
const Keys = Type.Union([
  Jwks,
  Type.String({
    minLength: 1,
    maxLength: 65_536,
    description:
      'a PEM certificate chain; its last certificate is the pinned root an `x5c` header must end in',
  }),
]);
const CredentialTypes = Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), {
  minItems: 1,
  maxItems: 50,
});
const Countries = Type.Union([
  Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { maxItems: 300 }),
  Type.Null(),
]);
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

export const TrustedIssuerBody = Type.Object(
  {
    name: Name,
    issuer: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'the credential’s `iss`: an https URL or a DID',
    }),
    keys: Keys,
    credentialTypes: CredentialTypes,
    accessTier: Tier,
    countries: Type.Optional(Countries),
  },
  { additionalProperties: false },
);

export const TrustedIssuerPatch = Type.Object(
  {
    name: Type.Optional(Name),
    keys: Type.Optional(Keys),
    credentialTypes: Type.Optional(CredentialTypes),
    accessTier: Type.Optional(Tier),
    countries: Type.Optional(Countries),
  },
  { additionalProperties: false, minProperties: 1 },
);

const TrustedIssuer = Type.Object({
  id: Uuid,
  name: Type.String(),
  issuer: Type.String(),
  keys: Keys,
  credentialTypes: Type.Array(Type.String()),
  accessTier: Tier,
  countries: Countries,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const TrustedIssuerResponse = Type.Object({ success: Type.Literal(true), issuer: TrustedIssuer });
export const TrustedIssuerListResponse = Type.Object({
  success: Type.Literal(true),
  issuers: Type.Array(TrustedIssuer),
});
export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const PresentationRequestBody = Type.Object(
  {
    passportId: Type.Optional(Type.String({ maxLength: 64, description: 'the passport page to return to' })),
    purpose: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const PresentationRequestCreated = Type.Object({
  id: Uuid,
  requestUri: Type.String({ description: 'the Authorization Request as JSON, for wallets that fetch it' }),
  walletUrl: Type.String({ description: '`openid4vp://?…` carrying the Authorization Request by value' }),
  expiresAt: Timestamp,
});

export const AuthorizationRequest = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'the OpenID4VP 1.0 Authorization Request (response_type, client_id, response_mode, response_uri, nonce, state, dcql_query, client_metadata)',
});

// Read loosely: every malformed answer is refused by the verifier with the OpenID4VP error body.
export const PresentationResponseBody = Type.Object(
  {
    vp_token: Type.Optional(
      Type.Unknown({ description: 'the DCQL vp_token: a JSON object, as a string in a form post' }),
    ),
    state: Type.Optional(Type.Unknown({ description: 'the transaction’s state' })),
  },
  { additionalProperties: true },
);

export const PresentationRefusal = Type.Object({
  error: Type.Union([Type.Literal('invalid_request'), Type.Literal('access_denied')]),
  error_description: Type.String(),
});
export const PresentationAccepted = Type.Object({ redirect_uri: Type.String() });

export const ResultPending = Type.Object({ success: Type.Literal(true), state: Type.Literal('pending') });
export const ResultSession = Type.Object({
  success: Type.Literal(true),
  token: Type.String({ description: 'the credential session: `dpp_auth_…` or `dpp_li_…`, valid 60 minutes' }),
  tier: Tier,
  expiresAt: Timestamp,
  issuer: Type.Object({ name: Type.String() }),
});
export const ResultGone = Type.Object({ success: Type.Literal(false), error: Type.String() });
export const SessionQuery = Type.Object({ response_code: Type.String({ minLength: 1, maxLength: 128 }) });
