import { Type } from 'typebox';

export const AdvisoryItemSchema = Type.Object({
  code: Type.String(),
  path: Type.Optional(Type.String()),
  message: Type.String(),
  friendlyMessage: Type.String(),
});

export const LangQuery = Type.Object({ lang: Type.Optional(Type.String()) });

/** The passport create body, described for the documentation; the checks themselves produce the
 * per-field error items, so the schema accepts any object. */
export const PassportBodyForValidation = Type.Object(
  {
    productId: Type.Optional(
      Type.Unknown({ description: 'GTIN (8/12/13/14 digits), GRAI (AI 8003) or SKU' }),
    ),
    category: Type.Optional(Type.Unknown({ description: 'category slug, e.g. batteries' })),
    originCountry: Type.Optional(Type.Unknown({ description: 'ISO 3166-1 alpha-2' })),
    granularity: Type.Optional(Type.Unknown({ description: 'model | batch | item' })),
    metadata: Type.Optional(
      Type.Unknown({ description: 'category metadata (see /api/v1/schemas/{category})' }),
    ),
  },
  { additionalProperties: true },
);

export const ValidationReport = Type.Object({
  success: Type.Boolean(),
  errors: Type.Array(AdvisoryItemSchema),
  warnings: Type.Array(AdvisoryItemSchema),
  notices: Type.Array(AdvisoryItemSchema),
  truncated: Type.Optional(
    Type.Boolean({
      description:
        'present and true when there are or may be more findings than listed: some are only counted in `omitted`, or the checks stopped at their limit (1,000 findings, or a very large metadata document)',
    }),
  ),
  omitted: Type.Optional(
    Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
      description: 'findings found but not listed, counted by code: each code lists its first 100 findings',
    }),
  ),
});

export const CategoryParams = Type.Object({ category: Type.String({ maxLength: 64 }) });

export const MaterialSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    casNumber: Type.Optional(Type.String()),
    ecNumber: Type.Optional(Type.String()),
    group: Type.String(),
    criticalRawMaterial: Type.Boolean(),
    strategicRawMaterial: Type.Boolean(),
    note: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const MaterialsQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  group: Type.Optional(Type.String({ maxLength: 64 })),
  critical: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});

export const MaterialsResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  materials: Type.Array(MaterialSchema),
});

/** A category's metadata schema as served: JSON Schema 2020-12, identified by the URL it is served from. */
// `required` rather than `properties`: a property named `$id` would read as a schema id to resolvers.
export const PublishedSchema = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  required: ['$schema', '$id'],
  description: 'JSON Schema 2020-12; `$id` is the URL it is served from',
});
