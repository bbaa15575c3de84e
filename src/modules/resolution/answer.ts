// The answer pipeline of public resolution, the same for a passport and a unit: the answer held in
// memory, else the one kept beside the passport, else resolve the subject in the caller's tier,
// render it, keep a public rendering for the next scan and record a grant holder's read.
import type { Lang } from '../../http/i18n.ts';
import type { Representation, Subject } from '../../http/representations.ts';
import type { KeptRendition } from '../passports/service.ts';
import { nothingPublished } from './not-found.ts';
import type { RenderCache, RenderedAnswer } from './render-cache.ts';
import { etagOf, renderedAnswer } from './rendered-answer.ts';
import type { Viewer } from './viewer.ts';

/** One read as the route parsed it: no HTTP object crosses into the pipeline. */
export interface ResolutionCall {
  /** The host the URL was sent to: the node's own, or a workspace's. */
  host: string;
  clientAddress: string;
  viewer: Viewer;
  representation: Representation;
  lang: Lang;
  /** Told when keeping a rendition fails; the read is answered all the same. */
  warn: (error: unknown, message: string) => void;
}

/** What a subject resolved to, and what to do once it is answered. */
export interface Resolved {
  subject: Subject;
  status?: number;
  /** Records a grant holder's read in the access log. */
  record?: () => Promise<void>;
  /** Keeps a public answer beside the passport for later reads. */
  keep?: (lang: Lang, body: string, etag: string) => Promise<void>;
}

/** Where a subject comes from: resolved in the viewer's tier, or (a passport) kept already rendered. */
export interface SubjectSource {
  resolve: (viewer: Viewer) => Promise<Resolved | null>;
  kept?: (lang: Lang) => Promise<KeptRendition | null>;
}

export interface AnswerDeps {
  cache: RenderCache;
  baseUrl: string;
}

/**
 * Answers a subject in the call's representation. Anonymous answers are held in the render cache
 * under `url` (the URL as requested) with the type and language.
 */
export async function answerSubject(
  deps: AnswerDeps,
  call: ResolutionCall,
  url: string,
  source: SubjectSource,
): Promise<RenderedAnswer> {
  const { representation, lang, viewer } = call;
  const cacheKey = `${url}|${representation.type}|${representation.localised ? lang : ''}`;
  if (viewer.kind === 'anonymous') {
    const held = deps.cache.get(cacheKey);
    if (held) return held;
    const kept = source.kept ? await keptAnswer(deps.cache, call, cacheKey, source.kept) : null;
    if (kept) return kept;
  }
  const found = await source.resolve(viewer);
  if (!found) throw nothingPublished();
  const { answer, text } = await render(deps.baseUrl, call, found);
  if (found.subject.tier === 'public' && viewer.kind === 'anonymous') {
    deps.cache.set(cacheKey, found.subject.tenantId, answer);
    await keep(call, found, text, answer.etag);
  }
  await found.record?.();
  return answer;
}

/** The answer kept in the store beside the passport, found with the passport itself. */
async function keptAnswer(
  cache: RenderCache,
  call: ResolutionCall,
  cacheKey: string,
  kept: (lang: Lang) => Promise<KeptRendition | null>,
): Promise<RenderedAnswer | null> {
  const rendition = await kept(call.lang);
  if (!rendition) throw nothingPublished();
  if (rendition.body === null || rendition.etag === null) return null;
  const answer = renderedAnswer(call.representation, call.lang, {
    status: 200,
    body: Buffer.from(rendition.body),
    etag: rendition.etag,
    restricted: false,
  });
  cache.set(cacheKey, rendition.tenantId, answer);
  return answer;
}

async function render(baseUrl: string, call: ResolutionCall, found: Resolved) {
  const { subject } = found;
  const text = await call.representation.render(subject, { lang: call.lang, baseUrl });
  const body = Buffer.from(text);
  const answer = renderedAnswer(call.representation, call.lang, {
    status: found.status ?? 200,
    body,
    etag: etagOf(body),
    restricted: subject.tier !== 'public',
  });
  return { answer, text };
}

/** Keeping is an optimisation: a store that refuses it (a read replica) still answers the read. */
async function keep(call: ResolutionCall, found: Resolved, text: string, etag: string): Promise<void> {
  await found.keep?.(call.lang, text, etag).catch((error: unknown) => {
    call.warn(error, 'a rendition could not be kept');
  });
}
