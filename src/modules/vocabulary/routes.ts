// The JSON-LD vocabulary our documents use: the canonical context, the frozen secondary context
// and the term vocabulary (JSON-LD or HTML). Rendered once per app: they change only with a release.

import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { t } from '../../core/i18n.ts';
import {
  documentOrPage,
  errorResponses,
  JsonLdDocument,
  LD_MEDIA,
  mediaResponse,
} from '../../core/schemas.ts';
import { renderView } from '../../core/views.ts';
import { pageFrame } from '../../domain/passports/page-frame.ts';
import {
  dppContext,
  secondaryContext,
  vocabulary,
  vocabularyPageModel,
} from '../../domain/vocabulary/index.ts';
import { negotiate } from '../../http/negotiate.ts';
import { LD_JSON, sendText } from '../../http/reply.ts';

const VocabularyDocumentSchema = Type.Object(
  {
    '@context': Type.Record(Type.String(), Type.String()),
    '@graph': Type.Array(Type.Object({ '@id': Type.String() }, { additionalProperties: true })),
  },
  { additionalProperties: false },
);

const tags = ['Vocabulary'];
// Public documents that JSON-LD processors in browsers fetch: cacheable and readable cross-origin.
const PUBLIC_DOCUMENT = { 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' };

export async function vocabularyRoutes(app: App, { config }: AppContext): Promise<void> {
  const base = config.publicBaseUrl;
  const context = JSON.stringify(dppContext(base));
  const secondary = JSON.stringify(secondaryContext(base));
  const terms = JSON.stringify(vocabulary(base));
  // The vocabulary is written in English, for developers; its frame is the one of every public page.
  const frame = pageFrame((key, params) => t('en', key, params));
  const termsHtml = renderView('vocabulary', { ...vocabularyPageModel(base), frame });

  app.get(
    '/contexts/dpp/v1',
    {
      schema: {
        tags,
        summary: 'Canonical JSON-LD context',
        response: { 200: mediaResponse(LD_MEDIA, JsonLdDocument, 'The context'), ...errorResponses(429) },
      },
    },
    async (_request, reply) => sendText(reply.headers(PUBLIC_DOCUMENT), 200, LD_JSON, context),
  );

  app.get(
    '/context/v1',
    {
      schema: {
        tags,
        summary: 'Secondary JSON-LD context with a fixed term list',
        response: { 200: mediaResponse(LD_MEDIA, JsonLdDocument, 'The context'), ...errorResponses(429) },
      },
    },
    async (_request, reply) => sendText(reply.headers(PUBLIC_DOCUMENT), 200, LD_JSON, secondary),
  );

  app.get(
    '/ns/dpp',
    {
      schema: {
        tags,
        summary: 'The vocabulary term IRIs resolve to (JSON-LD, or HTML for browsers)',
        response: {
          200: documentOrPage(VocabularyDocumentSchema, 'The term vocabulary, or its page'),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      reply.headers(PUBLIC_DOCUMENT).header('vary', 'Accept');
      if (negotiate(request.headers.accept, ['application/ld+json', 'text/html']) === 'text/html') {
        return sendText(reply, 200, 'text/html; charset=utf-8', termsHtml);
      }
      return sendText(reply, 200, LD_JSON, terms);
    },
  );
}
