// GS1 helpers: GTIN check digits, and decoding of scan data, element strings and Digital Links.
// They read and write nothing, so any key of the workspace may call them (no permission named);
// they carry the credentials and budgets of every other API call.
import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { badRequest } from '../../core/errors.ts';
import { errorResponses } from '../../core/schemas.ts';
import { type DecodeResult, decode } from '../../domain/gs1/decode.ts';
import { gtinFromParts, inspectGtin } from '../../domain/gs1/gtin.ts';
import { localisedItems } from '../../http/language.ts';
import {
  DecodeBatchBody,
  DecodeBatchResponse,
  DecodeBody,
  DecodeResponse,
  GtinBody,
  GtinResponse,
} from './schemas.ts';

const access = { kind: 'tenant' } as const;
const tags = ['GS1'];
const ERRORS = errorResponses(400, 401, 402, 403, 429, 500);

/** A decode answer: `warnings` only when there are any, in the caller's language. */
function answerOf(request: FastifyRequest, result: Extract<DecodeResult, { ok: true }>) {
  const { ok: _, warnings, ...decoded } = result;
  return { ...decoded, ...(warnings.length > 0 ? { warnings: localisedItems(request, warnings) } : {}) };
}

export async function gs1Routes(app: App, context: AppContext): Promise<void> {
  app.post(
    '/api/v1/gs1/gtin',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Compute a GTIN-14 and its check digit from company prefix and item reference, or check a GTIN',
        body: GtinBody,
        response: { 200: GtinResponse, ...ERRORS },
      },
    },
    async (request) => {
      const body = request.body;
      const result = 'gtin' in body ? inspectGtin(body.gtin) : gtinFromParts(body);
      if (!result.ok) throw badRequest(result.error);
      return { success: true, gtin: result.gtin14, checkDigit: result.checkDigit, valid: result.valid };
    },
  );

  app.post(
    '/api/v1/gs1/decode',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Decode scan data, an element string or a Digital Link into AIs and HRI',
        body: DecodeBody,
        response: { 200: DecodeResponse, ...ERRORS },
      },
    },
    async (request) => {
      const result = decode(request.body.data, context.baseUrl);
      if (!result.ok) throw badRequest(result.error);
      return { success: true, ...answerOf(request, result) };
    },
  );

  app.post(
    '/api/v1/gs1/decode/batch',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Decode up to 1,000 pieces of data, answered in order',
        body: DecodeBatchBody,
        response: { 200: DecodeBatchResponse, ...ERRORS },
      },
    },
    async (request) => ({
      success: true,
      results: request.body.items.map((item) => {
        const result = decode(item, context.baseUrl);
        if (!result.ok) return { error: result.error };
        return answerOf(request, result);
      }),
    }),
  );
}
