// The declared requests and answers of public resolution: the path parameters of each route, and
// the answers in every representation offered (the OpenAPI document and the response checks).
import { Type } from 'typebox';
import type { Representation } from '../../core/representations.ts';
import { emptyResponse, errorResponses, JsonLdDocument, mediaResponses } from '../../core/schemas.ts';
import { LINKSET_TYPE } from './linkset.ts';

const PageText = Type.String({ description: 'an HTML page' });
const Linkset = Type.Object({
  linkset: Type.Array(Type.Object({ anchor: Type.String() }, { additionalProperties: true })),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) });
export const KeyRestParams = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  '*': Type.String(),
});
/** A path of one base64url segment: a fully compressed link, or a word no other route serves. */
export const COMPRESSED = '^[A-Za-z0-9_-]{8,}$';
export const CompressedParams = Type.Object({
  compressed: Type.String({ pattern: COMPRESSED, maxLength: 2048 }),
});

export function resolutionResponses(representations: readonly Representation[]) {
  const representationSchemas = Object.fromEntries(
    representations.map((r) => [r.type, r.schema ?? (r.type === 'text/html' ? PageText : JsonLdDocument)]),
  );
  const common = {
    304: emptyResponse('Not Modified: the If-None-Match ETag is current'),
    ...errorResponses(400, 401, 404, 406, 429, 500),
  };
  return {
    passport: {
      200: mediaResponses('The passport in the chosen representation and tier', representationSchemas),
      ...common,
    },
    key: {
      200: mediaResponses('The passport, or the linkset of the Digital Link', {
        ...representationSchemas,
        [LINKSET_TYPE]: Linkset,
      }),
      307: emptyResponse('Redirect to the target of the asked link type, or to the unit an item link names'),
      ...common,
    },
    unit: {
      200: mediaResponses('The unit in the chosen representation and tier', representationSchemas),
      410: mediaResponses('The tombstone of a recycled unit', representationSchemas),
      ...common,
    },
  };
}
