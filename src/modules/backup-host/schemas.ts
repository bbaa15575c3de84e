// Request and answer shapes of the backup host (docs/backup.md): partners, pushed copies, imports.
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';

export const CreatePartnerBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    originBaseUrl: Type.String({
      minLength: 1,
      maxLength: 2000,
      pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$',
      description: "the origin node's PUBLIC_BASE_URL",
    }),
    sealCaPem: Type.String({
      minLength: 1,
      maxLength: 20_000,
      description: "PEM certificate of the origin's seal CA (its /.well-known/opendpp-seal-ca.pem)",
    }),
  },
  { additionalProperties: false },
);

export const PartnerSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  originBaseUrl: Type.String(),
  createdAt: Timestamp,
});

export const PartnerListItem = Type.Object({
  id: Uuid,
  name: Type.String(),
  originBaseUrl: Type.String(),
  createdAt: Timestamp,
  endedAt: Type.Union([Timestamp, Type.Null()]),
  copies: Type.Integer({ minimum: 0, description: 'passport versions held for this partner' }),
});

export const CreatedPartnerResponse = Type.Object({
  success: Type.Literal(true),
  partner: PartnerSchema,
  token: Type.String({ description: 'the dpp_backup_ token the origin pushes with; shown once' }),
});

export const PartnerListResponse = Type.Object({
  success: Type.Literal(true),
  partners: Type.Array(PartnerListItem),
});

export const EndedPartnerResponse = Type.Object({
  success: Type.Literal(true),
  partner: PartnerListItem,
  removed: Type.Optional(
    Type.Object(
      {
        copies: Type.Integer({ minimum: 0, description: 'passport versions deleted with the partner' }),
        units: Type.Integer({ minimum: 0, description: 'units.json members deleted with the partner' }),
      },
      { description: 'with ?copies=true: the partner is deleted, and what went with it' },
    ),
  ),
});

export const PartnerParams = Type.Object({ id: Uuid });

export const EndPartnerQuery = Type.Object({
  copies: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description:
        'true: delete the partner with every copy and unit it holds (its passport ids are free again); default false: end the partnership, the copies stay and keep being answered',
    }),
  ),
});

export const CopyParams = Type.Object({
  passportId: Uuid,
  version: Type.String({ pattern: '^[1-9][0-9]{0,8}$', description: 'the sealed version' }),
});

export const PassportParams = Type.Object({ passportId: Uuid });

export const SealedDocumentBody = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'the sealed passport version as the origin owner read served it',
  },
);

export const CopyRecord = Type.Object({
  passportId: Uuid,
  version: Type.Integer({ minimum: 1 }),
  versionHash: Type.String({ pattern: '^sha256:[0-9a-f]{64}$' }),
  receivedAt: Timestamp,
  uri: Type.String({ description: "the copy's URL on this host (the origin's backupUri)" }),
});

export const CopyResponse = Type.Object({ success: Type.Literal(true), copy: CopyRecord });

export const PushHeaders = Type.Object({
  'opendpp-previous-version': Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,8}$',
      description:
        'the sealed version of the passport this one follows; lets a push skip versions the origin never sealed',
    }),
  ),
});

export const PartnerCopiesResponse = Type.Object({
  success: Type.Literal(true),
  copies: Type.Array(
    Type.Object({
      ...CopyRecord.properties,
      held: Type.Boolean({
        description:
          'whether this partner holds the passport id (its copies are answered); false only for copies stored before ids had one holder',
      }),
    }),
  ),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});

export const ImportResponse = Type.Object({
  success: Type.Literal(true),
  imported: Type.Object({
    passports: Type.Integer({ minimum: 0 }),
    versions: Type.Integer({ minimum: 0, description: 'versions newly stored' }),
    alreadyHeld: Type.Integer({ minimum: 0, description: 'versions held identical already' }),
    units: Type.Integer({ minimum: 0, description: 'units.json members kept' }),
  }),
});

/** A copy as served: the passport document with the host's `backupOf` marker. */
export const CopyDocument = Type.Object(
  {
    '@context': Type.Unknown(),
    backupOf: Type.Object({
      originBaseUrl: Type.String(),
      version: Type.Integer({ minimum: 1 }),
      receivedAt: Timestamp,
    }),
  },
  { additionalProperties: true, description: 'a passport document held as a backup copy' },
);
