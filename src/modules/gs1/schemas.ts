import { Type } from 'typebox';
import { MAX_DECODE_INPUT } from '../../domain/gs1/decode.ts';
import { AdvisoryItemSchema } from '../categories/schemas.ts';

export const MAX_BATCH_ITEMS = 1000;

export const GtinBody = Type.Union([
  Type.Object(
    {
      companyPrefix: Type.String({
        pattern: '^[0-9]{4,12}$',
        description: 'GS1 Company Prefix, 4 to 12 digits',
      }),
      itemReference: Type.String({
        pattern: '^[0-9]{0,8}$',
        description: 'item reference; with the company prefix, 12 digits',
      }),
      indicator: Type.Optional(
        Type.String({ pattern: '^[0-9]$', description: 'packaging-level indicator digit (default 0)' }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      gtin: Type.String({
        pattern: '^[0-9]+$',
        maxLength: 14,
        description: 'a GTIN-8, -12, -13 or -14 to check',
      }),
    },
    { additionalProperties: false },
  ),
]);

export const GtinResponse = Type.Object({
  success: Type.Boolean(),
  gtin: Type.String({ description: 'the GTIN-14' }),
  checkDigit: Type.Integer({ minimum: 0, maximum: 9, description: 'the check digit the GTIN should carry' }),
  valid: Type.Boolean({ description: 'whether the GTIN carries that check digit' }),
});

const Data = Type.String({
  minLength: 1,
  maxLength: MAX_DECODE_INPUT,
  description:
    'scan data (symbology identifier, FNC1 as GS, ^ or {GS}), a bracketed element string, or a Digital Link URI',
});

export const DecodeBody = Type.Object({ data: Data }, { additionalProperties: false });

export const DecodedAiSchema = Type.Object({
  ai: Type.String(),
  title: Type.String(),
  value: Type.String(),
  valid: Type.Boolean(),
  errors: Type.Optional(Type.Array(Type.String())),
});

const decodedFields = {
  ais: Type.Array(DecodedAiSchema),
  hri: Type.String({ description: 'human-readable interpretation, (AI)value...' }),
  elementString: Type.String({ description: 'unbracketed element string, FNC1 written as GS (U+001D)' }),
  digitalLink: Type.Union([Type.String(), Type.Null()], {
    description: "this node's canonical Digital Link; null when an AI is invalid or none is a primary key",
  }),
  warnings: Type.Optional(
    Type.Array(AdvisoryItemSchema, {
      description:
        'present when the data is read but departs from GS1: GS1_DIGITAL_LINK_EXTENSION for the GRAI unit link /8003/{grai}/21/{serial}',
    }),
  ),
};

export const DecodeResponse = Type.Object({ success: Type.Boolean(), ...decodedFields });

export const DecodeBatchBody = Type.Object(
  {
    items: Type.Array(Type.Unknown({ description: 'one piece of data, as `data` of the single decode' }), {
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
    }),
  },
  { additionalProperties: false },
);

export const DecodeBatchResponse = Type.Object({
  success: Type.Boolean(),
  results: Type.Array(Type.Union([Type.Object(decodedFields), Type.Object({ error: Type.String() })])),
});
