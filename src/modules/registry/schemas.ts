import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';
import { CHECK_CODES } from '../../domain/registry/record.ts';

export const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
export const ProofParams = Type.Object({ id: Type.String({ maxLength: 200 }), registration: Uuid });

export const RegistryRecordSchema = Type.Object({
  uniqueProductIdentifier: Type.String(),
  granularity: Type.String(),
  economicOperatorId: Type.String(),
  facilityId: Type.Union([Type.String(), Type.Null()]),
  commodityCode: Type.Union([Type.String(), Type.Null()]),
  backupLink: Type.Union([Type.String(), Type.Null()]),
  versionHash: Type.Union([Type.String(), Type.Null()], {
    description:
      'sha256: + hex of the sealed document in RFC 8785 form (docs/backup.md); null while unsealed',
  }),
  version: Type.Integer(),
  dppSchemaVersion: Type.String(),
  dppStatus: Type.String(),
  lastUpdated: Type.String(),
  modelIdentifier: Type.Optional(Type.String({ description: "units: the model passport's identifier" })),
});

export const CheckSchema = Type.Object({
  code: Type.Enum(CHECK_CODES),
  ok: Type.Boolean(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
});

export const RegistrationSchema = Type.Object({
  id: Uuid,
  registrationId: Type.String(),
  registeredAt: Timestamp,
  version: Type.Integer(),
  versionHash: Type.Union([Type.String(), Type.Null()]),
  proof: Type.Union([
    Type.Object({
      contentType: Type.String(),
      bytes: Type.Integer(),
      url: Type.String({ description: 'the proof, for the owner, for as long as the passport is kept' }),
    }),
    Type.Null(),
  ]),
  recordedBy: Type.String(),
  recordedAt: Timestamp,
});

export const RegistryRecordResponse = Type.Object({
  success: Type.Literal(true),
  record: RegistryRecordSchema,
  checks: Type.Array(CheckSchema),
  ready: Type.Boolean(),
  updateDue: Type.Boolean(),
  registrations: Type.Array(RegistrationSchema),
});

/** The registry's proof may be up to 5 MiB: its base64 text up to 4/3 of that. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

export const RegistrationBody = Type.Object(
  {
    registrationId: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "the registry's id of the registration",
    }),
    registeredAt: Type.String({ format: 'date-time' }),
    version: Type.Integer({ minimum: 1, description: 'the passport version registered' }),
    proof: Type.Optional(
      Type.String({
        maxLength: Math.ceil(MAX_PROOF_BYTES / 3) * 4 + 4,
        description: "the registry's proof of registration (its PDF or signed file), base64, at most 5 MiB",
      }),
    ),
  },
  { additionalProperties: false },
);

export const RegistrationResponse = Type.Object({
  success: Type.Literal(true),
  registration: RegistrationSchema,
});
export const RegistrationListResponse = Type.Object({
  success: Type.Literal(true),
  registrations: Type.Array(RegistrationSchema),
});

export const SubmissionsQuery = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('updateDue')]),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('xml')])),
    units: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);

export const OverviewResponse = Type.Object({
  success: Type.Literal(true),
  counts: Type.Object({
    ready: Type.Integer(),
    notReady: Type.Integer(),
    registered: Type.Integer(),
    updateDue: Type.Integer(),
  }),
});
