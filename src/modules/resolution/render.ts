// A step of a public read (service.ts): the bytes of the answer with the headers they are sent
// with, rendered now (and kept beside the passport in the store when public and in a kept form,
// stamped with the rows it was rendered from) or as they were kept. A restricted tier is never stored by a cache on the
// way; a public one may be kept by a shared cache for the one second the node promises for
// freshness (cache-headers.ts), then revalidates (the ETag makes that a 304), and names the passport
// and workspace it holds in Cache-Tag so that a purge drops it at once.
import type { ServiceContext } from '../../context.ts';
import { type CacheTags, cacheTag, etagOf, PRIVATE_ANSWER, PUBLIC_READ } from '../../core/cache-policy.ts';
import type { Lang } from '../../core/i18n.ts';
import type { Representation, Subject } from '../../core/representations.ts';
import { keepPublicAnswer } from '../passports/service.ts';
import type { FoundPassport } from './find-subject.ts';
import type { RenderedAnswer } from './render-cache.ts';

const RESTRICTED_HEADERS = { ...PRIVATE_ANSWER, 'referrer-policy': 'no-referrer' };

/** The representation and language an answer is made in. */
export interface AnswerForm {
  representation: Representation;
  lang: Lang;
}

function answerOf(
  { representation, lang }: AnswerForm,
  answer: { status: number; body: Buffer; etag: string; restricted: boolean; tags: CacheTags },
): RenderedAnswer {
  return {
    status: answer.status,
    contentType: representation.contentType,
    body: answer.body,
    etag: answer.etag,
    headers: {
      ...(answer.restricted ? RESTRICTED_HEADERS : { ...PUBLIC_READ, 'cache-tag': cacheTag(answer.tags) }),
      // Exactly what the bytes depend on: the negotiated type, and the language of a localised form.
      vary: representation.localised ? 'Accept, Accept-Language' : 'Accept',
      ...(representation.localised ? { 'content-language': lang } : {}),
      ...representation.headers,
    },
  };
}

/** The bytes of a kept answer, sent as a public one. */
export function keptAnswer(
  form: AnswerForm,
  kept: { body: string; etag: string },
  tags: CacheTags,
): RenderedAnswer {
  const body = Buffer.from(kept.body);
  return answerOf(form, { status: 200, body, etag: kept.etag, restricted: false, tags });
}

/** The subject rendered in the form: the answer, and its text to keep. */
export async function render(
  baseUrl: string,
  form: AnswerForm,
  subject: Subject,
  status: number,
  tags: CacheTags,
) {
  const text = await form.representation.render(subject, { lang: form.lang, baseUrl });
  const body = Buffer.from(text);
  const restricted = subject.tier !== 'public';
  const answer = answerOf(form, { status, body, etag: etagOf(body), restricted, tags });
  return { answer, text };
}

/** Keeps a public rendering beside the passport, stamped with the rows it was rendered from. */
export function keepAnswer(
  services: ServiceContext,
  form: AnswerForm,
  found: FoundPassport,
  kept: { body: string; etag: string },
): Promise<void> {
  return keepPublicAnswer(services.db, found, { ...form, baseUrl: services.baseUrl }, kept);
}
