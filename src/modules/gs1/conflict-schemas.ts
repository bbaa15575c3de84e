// The conflicts report of the admin API (`GET /admin/v1/gs1/conflicts`, `opendpp gs1 conflicts`).
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';

const ProductKey = Type.String({ description: '`01/<gtin14>` or `8003/<grai>`' });

const KeyConflictSchema = Type.Object({
  productKey: ProductKey,
  passports: Type.Array(
    Type.Object({
      id: Uuid,
      workspaceId: Uuid,
      status: Type.String(),
      createdAt: Timestamp,
      holdsKey: Type.Boolean({ description: 'the passport the node counts as the holder of the key' }),
      resolvesOnMainHost: Type.Boolean({
        description: 'the passport the main host resolves the key to: the earliest-created published one',
      }),
    }),
    { description: 'earliest-created first' },
  ),
});

const PrefixConflictSchema = Type.Object({
  prefix: Type.String(),
  workspaceId: Type.String({ format: 'uuid', description: 'the workspace that holds the prefix' }),
  passport: Type.Object({ id: Uuid, workspaceId: Uuid, productKey: ProductKey, createdAt: Timestamp }),
});

export const ConflictsResponse = Type.Object({
  success: Type.Literal(true),
  keys: Type.Array(KeyConflictSchema, {
    description: 'GS1 keys that passports of several workspaces carry (made before keys had one owner)',
  }),
  prefixes: Type.Array(PrefixConflictSchema, {
    description:
      'passports under a GS1 Company Prefix that another workspace holds (made before it was assigned)',
  }),
});
