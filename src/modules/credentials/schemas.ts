// TypeBox schemas of the credential routes: the status list credential and the readiness report.
import { Type } from 'typebox';

export const TenantParams = Type.Object({ tenantId: Type.String({ minLength: 1, maxLength: 64 }) });

export const ReadinessQuery = Type.Object({
  page: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
  lang: Type.Optional(Type.String()),
});

export const StatusListLd = Type.Object(
  {
    '@context': Type.Array(Type.String()),
    type: Type.Array(Type.String()),
    issuer: Type.String(),
    validFrom: Type.String(),
    credentialSubject: Type.Object(
      {
        type: Type.Literal('BitstringStatusList'),
        statusPurpose: Type.String(),
        encodedList: Type.String(),
      },
      { additionalProperties: true },
    ),
    proof: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: true, description: 'a BitstringStatusListCredential with a DataIntegrityProof' },
);

export const CompactJws = Type.String({ description: 'a compact JWS (header.payload.signature)' });

const FORMS = ['vc+jwt', 'vc+ld+json', 'dc+sd-jwt'] as const;
const FormFlags = Type.Object(Object.fromEntries(FORMS.map((form) => [form, Type.Boolean()])), {
  additionalProperties: false,
});

const Gap = Type.Object(
  {
    code: Type.String(),
    blocking: Type.Boolean(),
    field: Type.Optional(Type.String()),
    message: Type.String(),
  },
  { additionalProperties: false },
);

export const ReadinessResponse = Type.Object(
  {
    success: Type.Literal(true),
    count: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
    totalPages: Type.Integer(),
    passports: Type.Array(
      Type.Object(
        {
          passportId: Type.String(),
          productId: Type.String(),
          category: Type.String(),
          forms: FormFlags,
          complete: Type.Boolean(),
          missing: Type.Array(Gap),
        },
        { additionalProperties: false },
      ),
    ),
    totals: Type.Object(
      {
        passports: Type.Integer(),
        ready: FormFlagsCount(),
        complete: Type.Integer(),
        gaps: Type.Record(Type.String(), Type.Integer()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

function FormFlagsCount() {
  return Type.Object(Object.fromEntries(FORMS.map((form) => [form, Type.Integer()])), {
    additionalProperties: false,
  });
}
