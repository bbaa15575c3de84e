// Shapes of the EN 18222 Life Cycle API routes (docs/en18222.md). Successes carry our own passport
// document (JSON-LD), an element of it, or the ids page; every failure is the Result object.
import { Type } from 'typebox';

/** `{dppId}`: the passport's UUID, percent-encoded in one path segment. */
export const DppParams = Type.Object({ dppId: Type.String({ minLength: 1, maxLength: 2048 }) });

/** `{productId}`: GTIN (any length), GRAI or SKU, percent-encoded in one path segment. */
export const ProductIdParams = Type.Object({ productId: Type.String({ minLength: 1, maxLength: 2048 }) });

export const ElementParams = Type.Object({
  dppId: Type.String({ minLength: 1, maxLength: 2048 }),
  elementIdPath: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'dotted idShortPath (`metadata.carbonFootprint.total`, `[n]` for items) or a JSON pointer',
  }),
});

export const DateQuery = Type.Object({
  date: Type.String({ description: 'ISO 8601 instant; the version current then is answered' }),
});

/** Most productIds one ReadDPPIdsByProductIds request may ask about. */
export const MAX_PRODUCT_IDS = 1000;

export const ProductIdsBody = Type.Object(
  {
    productIds: Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), {
      minItems: 1,
      maxItems: MAX_PRODUCT_IDS,
    }),
  },
  { additionalProperties: false },
);

export const PagingQuery = Type.Object({
  limit: Type.Optional(
    Type.String({ description: 'integer, clamped to 1 to 200; non-numeric falls back to 100' }),
  ),
  cursor: Type.Optional(Type.String({ description: 'the cursor of the previous page, as given' })),
});

export const ProductIdsResponse = Type.Object({
  paging_metadata: Type.Object({
    cursor: Type.Optional(Type.String({ description: 'present when there is a next page' })),
  }),
  result: Type.Array(
    Type.Object({
      productId: Type.String({ description: 'as asked' }),
      dppId: Type.String({ format: 'uuid' }),
    }),
  ),
});

/** Any JSON value: an element of a passport document. */
export const ElementValue = Type.Unknown({ description: 'the element: any JSON value' });
