// The answers of the carrier routes: for the QR routes (passports and units alike) the options from
// the query string, the format from `format` or else Accept, the image bytes, and any advisory in a
// header, since an image has no body to carry `warnings[]`; for the label route, the streamed ZIP.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CarrierOptionsError,
  type CarrierSubject,
  carrierContent,
  MAX_SIZE,
  MIN_SIZE,
  readImageOptions,
  renderCarrier,
} from '../domain/carriers/index.ts';
import { localisedItems } from './language.ts';
import { negotiate } from './negotiate.ts';

const Digits = (description: string) => Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$', description }));
const Level = Type.Optional(
  Type.Union(['L', 'M', 'Q', 'H', 'l', 'm', 'q', 'h'].map((level) => Type.Literal(level))),
);

export const CarrierQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('png'), Type.Literal('svg')])),
  size: Digits(`width and height in pixels, ${MIN_SIZE} to ${MAX_SIZE} (default 512)`),
  errorCorrection: Level,
  ec: Level,
  symbology: Type.Optional(Type.Union([Type.Literal('qr'), Type.Literal('datamatrix')])),
  quietZone: Digits('light modules around the symbol: at least 4 (QR) or 1 (Data Matrix), at most 16'),
  lang: Type.Optional(Type.String()),
});

export interface CarrierQueryValues {
  format?: string;
  size?: string;
  errorCorrection?: string;
  ec?: string;
  symbology?: string;
  quietZone?: string;
}

const Binary = Type.String({ format: 'binary' });

/** The 200 answer of the QR routes, for the OpenAPI document. */
export const CarrierImageResponse = {
  description: 'The symbol, exactly `size` pixels square; X-DPP-Warnings carries advisory items',
  headers: {
    'X-DPP-Warnings': {
      type: 'string',
      description:
        'Advisory items (JSON array, ASCII), e.g. CARRIER_SYMBOLOGY_NOT_RENDERED; absent when none',
    },
  },
  content: { 'image/png': { schema: Binary }, 'image/svg+xml': { schema: Binary } },
};

/** The header that carries an image's advisory items: a JSON array, non-ASCII escaped as \u. */
export const WARNINGS_HEADER = 'x-dpp-warnings';

const OFFERED = ['image/png', 'image/svg+xml'] as const;

// Option errors are query-string violations: the framework's body, as for a malformed query.
function queryViolation(message: string) {
  return Object.assign(new Error(`querystring/${message}`), { statusCode: 400, code: 'FST_ERR_VALIDATION' });
}

/** Reads and checks the options; call before any lookup, so a bad query never costs a read. */
export function carrierOptions(query: CarrierQueryValues, accept: string | undefined) {
  const { format, size, errorCorrection, ec, symbology, quietZone } = query;
  if (
    errorCorrection !== undefined &&
    ec !== undefined &&
    errorCorrection.toUpperCase() !== ec.toUpperCase()
  ) {
    throw queryViolation('ec and errorCorrection disagree');
  }
  const chosen = format ?? (negotiate(accept, OFFERED) === 'image/svg+xml' ? 'svg' : 'png');
  try {
    return readImageOptions({
      format: chosen,
      size,
      errorCorrection: errorCorrection ?? ec,
      symbology,
      quietZone,
    });
  } catch (error) {
    if (error instanceof CarrierOptionsError) throw queryViolation(error.message);
    throw error;
  }
}

const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export function sendCarrier(
  request: FastifyRequest,
  reply: FastifyReply,
  subject: CarrierSubject,
  { symbology, options }: ReturnType<typeof carrierOptions>,
) {
  let rendered: ReturnType<typeof renderCarrier>;
  try {
    rendered = renderCarrier(carrierContent(subject), symbology, options);
  } catch (error) {
    // The subject's link does not fit the size asked for: still the caller's choice to change.
    if (error instanceof CarrierOptionsError) throw queryViolation(error.message);
    throw error;
  }
  const { image, warnings } = rendered;
  if (warnings.length > 0) reply.header(WARNINGS_HEADER, asciiJson(localisedItems(request, warnings)));
  const name = `${subject.kind}-${subject.id}-${image.symbology}.${image.format}`;
  return reply
    .code(200)
    .header('vary', 'Accept, Accept-Language')
    .header('content-disposition', `inline; filename="${name}"`)
    .type(image.contentType)
    .send(image.body);
}

/** A label archive, streamed as yazl writes it. */
export function sendArchive(reply: FastifyReply, archive: Readable) {
  return reply
    .code(200)
    .header('content-disposition', 'attachment; filename="labels.zip"')
    .type('application/zip')
    .send(archive);
}
