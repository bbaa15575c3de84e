import { Type } from 'typebox';
import { PASSPORT_STATUSES } from '../../domain/passports/lifecycle.ts';
import { AdvisoryItemSchema } from '../categories/schemas.ts';

/** Values not confirmed yet (docs/passports.md, "Unconfirmed values"). */
const UnconfirmedList = Type.Array(
  Type.Object(
    {
      path: Type.String({
        maxLength: 1024,
        description: 'JSON pointer into the passport body: /originCountry or /metadata/…',
      }),
      origin: Type.Union([Type.Literal('example'), Type.Literal('copied')]),
    },
    { additionalProperties: false },
  ),
  { maxItems: 5000 },
);

/** The passport document: the fields the OpenAPI document names; the category metadata is open. */
export const PassportDocumentSchema = Type.Object(
  {
    '@context': Type.Array(Type.String()),
    '@type': Type.Literal('DigitalProductPassport'),
    '@id': Type.String(),
    id: Type.String({ format: 'uuid' }),
    productId: Type.String(),
    digitalLinkUri: Type.Union([Type.String(), Type.Null()]),
    productIdScheme: Type.Array(Type.String()),
    digitalProductPassportId: Type.String(),
    uniqueProductIdentifier: Type.String(),
    granularity: Type.String(),
    dppSchemaVersion: Type.String(),
    dppStatus: Type.String(),
    lastUpdated: Type.String(),
    economicOperatorId: Type.String(),
    contentSpecificationIds: Type.Array(Type.String()),
    digitalSeal: Type.Unknown(),
    signingPublicKey: Type.Unknown(),
    proof: Type.Unknown(),
    status: Type.Enum(PASSPORT_STATUSES),
    archivedAt: Type.Union([Type.String(), Type.Null()]),
    retentionUntil: Type.Union([Type.String(), Type.Null()]),
    economicOperator: Type.Object({}, { additionalProperties: true }),
    manufacturingFacility: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
    category: Type.String(),
    originCountry: Type.Union([Type.String(), Type.Null()]),
    commodityCode: Type.Optional(
      Type.String({ description: 'the 8-digit Combined Nomenclature code (or 6-digit HS); public' }),
    ),
    metadata: Type.Unknown(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { additionalProperties: true },
);

const UnconfirmedField = Type.Optional({
  ...UnconfirmedList,
  description:
    'a draft: the values taken from an example or copied that nobody has confirmed yet; absent when none',
});

/** The owner's read: the document and, beside it and outside its seal, the version's registry fields. */
export const OwnerPassportDocumentSchema = Type.Object(
  {
    ...PassportDocumentSchema.properties,
    unconfirmed: UnconfirmedField,
    // Annotations beside the sealed document and outside its seal (docs/backup.md).
    versionHash: Type.Optional(
      Type.String({ description: 'owner read: sha256: and the hex of the sealed version in RFC 8785 form' }),
    ),
    backupUri: Type.Optional(
      Type.String({ description: "owner read: the sealed version's copy on a backup node" }),
    ),
    backup: Type.Optional(
      Type.Object(
        {
          status: Type.Union([Type.Literal('pending'), Type.Literal('held'), Type.Literal('failed')]),
          target: Type.String(),
          version: Type.Integer(),
          at: Type.String(),
          reason: Type.Optional(Type.String({ description: 'when failed: why the push failed, in words' })),
        },
        { description: 'owner read: where the newest sealed version stands with the backup nodes' },
      ),
    ),
  },
  { additionalProperties: true },
);

const Unknown = (description: string) => Type.Optional(Type.Unknown({ description }));

/** Described for the documentation; field checks produce the ValidationFailed items themselves. */
export const PassportBodySchema = Type.Object(
  {
    productId: Unknown('GTIN (8/12/13/14 digits), GRAI (AI 8003) or SKU'),
    category: Unknown('category slug'),
    originCountry: Unknown('ISO 3166-1 alpha-2'),
    operatorId: Unknown('economic operator id; default: the key operator, or the only one'),
    facilityId: Unknown('manufacturing facility id'),
    granularity: Unknown('model (default) | batch | item'),
    commodityCode: Unknown(
      '8-digit Combined Nomenclature code (spaces and dots removed; a 6-digit HS code is kept with a warning); null clears it',
    ),
    status: Unknown('ACTIVE (default) | DRAFT'),
    metadata: Unknown('category metadata, see /api/v1/schemas/{category}'),
  },
  { additionalProperties: false },
);

/** A create may mark values taken from an example or copied; an update confirms by changing them. */
export const CreateBodySchema = Type.Object(
  {
    ...PassportBodySchema.properties,
    unconfirmed: Type.Optional({
      ...UnconfirmedList,
      description:
        'draft only: values taken from a category example or copied from another passport; publishing is refused until each is changed or confirmed',
    }),
  },
  { additionalProperties: false },
);

export const ConfirmBody = Type.Object(
  {
    paths: Type.Array(Type.String({ maxLength: 1024 }), {
      minItems: 1,
      maxItems: 100,
      description: 'JSON pointers: every unconfirmed value at or under one is confirmed; "" confirms all',
    }),
  },
  { additionalProperties: false },
);

export const UpdateBodySchema = Type.Object(
  {
    ...PassportBodySchema.properties,
    changeReason: Unknown('why the passport changes; kept in its history'),
  },
  { additionalProperties: false },
);

/** `partial=true`: a DRAFT that may lack required metadata fields (docs/passports.md, "Partial drafts"). */
export const WriteQuery = Type.Object({
  partial: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: 'true: save a DRAFT whose metadata may lack required fields; checked in full on publish',
    }),
  ),
  lang: Type.Optional(Type.String()),
});

export const StatusBody = Type.Object(
  { status: Type.Enum(PASSPORT_STATUSES), reason: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
);

export const PassportResponse = Type.Object({
  success: Type.Literal(true),
  passport: PassportDocumentSchema,
  warnings: Type.Optional(Type.Array(AdvisoryItemSchema)),
  notices: Type.Optional(Type.Array(AdvisoryItemSchema)),
});

/** The answer of a write that may leave values unconfirmed: create, update, confirm. */
export const DraftPassportResponse = Type.Object({
  ...PassportResponse.properties,
  passport: Type.Object(
    { ...PassportDocumentSchema.properties, unconfirmed: UnconfirmedField },
    { additionalProperties: true },
  ),
});

export const ListQuery = Type.Object({
  page: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(Type.Enum(PASSPORT_STATUSES)),
  operatorId: Type.Optional(Type.String({ format: 'uuid' })),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  lang: Type.Optional(Type.String()),
});

export const ListResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  passports: Type.Array(PassportDocumentSchema),
});

export const BulkBody = Type.Object(
  { passports: Type.Array(Type.Unknown(), { minItems: 1, maxItems: 200 }) },
  { additionalProperties: false },
);

export const BulkResponse = Type.Object({
  success: Type.Boolean(),
  count: Type.Integer(),
  passports: Type.Array(PassportDocumentSchema),
  errors: Type.Optional(Type.Array(Type.String())),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 2048 }) });
export const VersionParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 2048 }),
  version: Type.String(),
});

export const HistoryResponse = Type.Object({
  success: Type.Literal(true),
  passportId: Type.String(),
  productId: Type.String(),
  currentVersion: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  versions: Type.Array(
    Type.Object({
      version: Type.Integer(),
      validUntil: Type.String(),
      recordedAt: Type.String(),
      changedBy: Type.Union([Type.String(), Type.Null()]),
      changeReason: Type.Union([Type.String(), Type.Null()]),
      versionHash: Type.Optional(
        Type.String({ description: 'sha256: and the hex of the sealed document in RFC 8785 form' }),
      ),
      backupUri: Type.Optional(Type.String({ description: "the copy's URL on the backup node holding it" })),
    }),
  ),
});

export const AtQuery = Type.Object({ at: Type.String() });
