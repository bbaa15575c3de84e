// TypeBox schemas of the backup targets API and the workspace export.
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';

export const CreateTargetBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        "the backup node's base URL; versions are PUT to {url}/backup/v1/passports/{id}/versions/{n}",
    }),
    token: Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'the token the backup node issued for this origin; stored encrypted, never shown again',
    }),
    workspaceIds: Type.Optional(
      Type.Array(Uuid, {
        minItems: 1,
        maxItems: 1000,
        description: 'only these workspaces are backed up there; default every workspace',
      }),
    ),
  },
  { additionalProperties: false },
);

const Counts = Type.Object({
  pending: Type.Integer({ description: 'versions waiting to be pushed, or being retried' }),
  held: Type.Integer({ description: 'versions the target confirmed it holds' }),
  failed: Type.Integer({ description: 'versions the target refused, or whose retries were spent' }),
});

export const TargetRecordSchema = Type.Object({
  id: Uuid,
  url: Type.String(),
  workspaceIds: Type.Union([Type.Array(Uuid), Type.Null()]),
  createdAt: Timestamp,
  pushes: Counts,
});

export const TargetResponse = Type.Object({ success: Type.Literal(true), target: TargetRecordSchema });
export const TargetListResponse = Type.Object({
  success: Type.Literal(true),
  targets: Type.Array(TargetRecordSchema),
});
export const DeletedResponse = Type.Object({ success: Type.Literal(true) });

export const TargetParams = Type.Object({ id: Type.String() });
export const WorkspaceParams = Type.Object({ id: Type.String() });
