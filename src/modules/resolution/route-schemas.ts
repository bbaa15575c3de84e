// What each resolution route declares: its parameters, and every negotiated representation as a
// 200 (plus the linkset on GS1 keys, the redirects, the tombstone of a recycled unit).
import { Type } from 'typebox';
import type { Representation } from '../../http/representations.ts';
import { emptyResponse, errorResponses, JsonLdDocument, mediaResponses } from '../../http/schemas.ts';
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
      200: mediaResponses('The passport, or the linkset of the key', {
        ...representationSchemas,
        [LINKSET_TYPE]: Linkset,
      }),
      307: emptyResponse('Redirect to the target of the asked link type, or to the unit a serial names'),
      ...common,
    },
    unit: {
      200: mediaResponses('The unit in the chosen representation and tier', representationSchemas),
      410: mediaResponses('The tombstone of a recycled unit', representationSchemas),
      ...common,
    },
  };
}
