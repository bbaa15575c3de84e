// The caller's language for end-user text: `?lang=` over Accept-Language, English as fallback.
import type { FastifyRequest } from 'fastify';
import { type Lang, localise, pickLanguage } from '../core/i18n.ts';
import type { AdvisoryItem } from '../domain/categories/types.ts';

export function languageOf(request: FastifyRequest): Lang {
  const query = request.query as { lang?: unknown } | undefined;
  const lang = typeof query?.lang === 'string' ? query.lang : undefined;
  const accept = request.headers['accept-language'];
  return pickLanguage(lang, typeof accept === 'string' ? accept : undefined);
}

/** Advisory items with their localised friendlyMessage, in the caller's language. */
export function localisedItems(request: FastifyRequest, items: AdvisoryItem[]) {
  return localise(items, languageOf(request));
}
