import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';
import { PERMISSIONS, ROLES } from '../../domain/auth/permissions.ts';

export const RoleSchema = Type.Enum(ROLES);
export const PermissionSchema = Type.Enum(PERMISSIONS);

export const CreateKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    role: Type.Optional(RoleSchema),
    permissions: Type.Optional(Type.Array(PermissionSchema, { minItems: 1, maxItems: PERMISSIONS.length })),
    operatorId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    expiresAt: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const KeyRecordSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String(),
  role: Type.String(),
  permissions: Type.Array(Type.String()),
  operatorId: Type.Union([Uuid, Type.Null()]),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  revokedAt: Type.Union([Timestamp, Type.Null()]),
});

export const CreatedKeyResponse = Type.Object({
  success: Type.Literal(true),
  key: KeyRecordSchema,
  /** Shown only in this response; only its hash is stored. */
  token: Type.String(),
});

export const KeyListResponse = Type.Object({
  success: Type.Literal(true),
  keys: Type.Array(KeyRecordSchema),
});

export const KeyIdParams = Type.Object({ id: Uuid });
