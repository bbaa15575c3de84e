// Public resolution, one read from top to bottom, the module's service: routes.ts calls it, and
// the files it calls are its steps, each called from here alone. The route has read the request:
// the link parsed (parse-link.ts) and, for a Digital Link, what it asks for picked (answerLink,
// pick-link.ts); then the representation negotiated (406), the language and the viewer (viewer.ts:
// a bad credential is 401). answerRead then goes, in this order:
//   1. the bytes held in memory for an anonymous read of this URL: a warm scan does nothing more;
//   2. the workspace the host names, looked up once (find-subject.ts);
//   3. for an anonymous read of a passport in a kept form, the bytes kept beside it (find-subject.ts);
//   4. the subject, found once: a passport, a unit, or a backup copy (find-subject.ts);
//   5. the viewer's tier and the subject as that tier sees it (decide-tier.ts);
//   6. the rendering (render.ts), held in memory and kept in the store when public and anonymous;
//      a grant holder's read is written to the access log before the answer goes.
import type { AppContext, ServiceContext } from '../../context.ts';
import type { Custody } from '../../core/custody.ts';
import { loggableError } from '../../core/loggable-error.ts';
import type { Representation } from '../../core/representations.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import { viewInTier } from './decide-tier.ts';
import { type FoundSubject, findKept, findSubject, type Target, workspaceOfHost } from './find-subject.ts';
import type { ActiveGrant, GrantAccess } from './grant-access.ts';
import { nothingPublished } from './not-found.ts';
import type { LinkRequest } from './parse-link.ts';
import { type Gs1LinkAnswer, type Gs1LinkAsk, type OfferedTypes, pickLinkAnswer } from './pick-link.ts';
import { type AnswerForm, keepAnswer, keptAnswer, render } from './render.ts';
import type { RenderCache, RenderedAnswer } from './render-cache.ts';
import type { Viewer } from './viewer.ts';

export { requestAccessUrl } from './decide-tier.ts';

/** What every read shares, built once per app. */
export interface Resolution {
  services: ServiceContext;
  /** The workspace key a Bearer token names, for the viewer (viewer.ts). */
  lookupKey: AppContext['lookupKey'];
  cache: RenderCache;
  grants: GrantAccess;
  /** Every representation resolution offers. */
  representations: readonly Representation[];
  /** Their media types per kind of subject, for the linkset of a key. */
  offered: OfferedTypes;
  /** Another node's copies, answered where this node holds no passport itself (CUSTODY_OF). */
  custody?: Custody;
}

export function resolution(
  services: AppContext,
  options: Omit<Resolution, 'services' | 'lookupKey' | 'offered'>,
): Resolution {
  const typesFor = (kind: 'passport' | 'unit') =>
    options.representations.filter((r) => !r.serves || r.serves.includes(kind)).map((r) => r.type);
  return {
    services,
    lookupKey: services.lookupKey,
    ...options,
    offered: { passport: typesFor('passport'), unit: typesFor('unit') },
  };
}

/** One read as the route parsed it: no HTTP object crosses into the pipeline. */
export interface ResolutionCall extends AnswerForm {
  /** The host the URL was sent to: the node's own, or a workspace's. */
  host: string;
  clientAddress: string;
  viewer: Viewer;
  /** Told when keeping a rendition fails; the read is answered all the same. */
  log: { warn(details: object, message: string): void };
}

/** What a Digital Link asks for: its linkset, a redirect, or the passport in place (answerRead). */
export function answerLink(
  resolution: Resolution,
  ask: Gs1LinkAsk,
  link: LinkRequest,
): Promise<Gs1LinkAnswer> {
  return pickLinkAnswer(resolution.services, resolution.offered, ask, link);
}

/**
 * Answers a read in the call's representation. Anonymous answers are held in the render cache under
 * `url` (the URL as requested) with the type and language; `scope` is the host's workspace when the
 * Digital Link's answer looked it up already.
 */
export async function answerRead(
  resolution: Resolution,
  call: ResolutionCall,
  target: Target & { url: string; scope?: string | null },
): Promise<RenderedAnswer> {
  const { services, cache } = resolution;
  const { representation, lang, viewer } = call;
  const anonymous = viewer.kind === 'anonymous';
  const heldKey = `${target.url}|${representation.type}|${representation.localised ? lang : ''}`;
  const held = anonymous ? cache.get(heldKey) : null;
  if (held) return held;

  const scope = target.scope !== undefined ? target.scope : await workspaceOfHost(services, call.host);
  if (scope === undefined) throw nothingPublished();

  if (anonymous && target.kind === 'passport' && representation.kept) {
    const kept = await findKept(services, call, target.key, scope);
    // No passport of this node has the key: a copy in custody may (step 4), else nothing is published.
    if (!kept && !(resolution.custody && scope === null)) throw nothingPublished();
    if (kept && kept.body !== null && kept.etag !== null) {
      const answer = keptAnswer(call, { body: kept.body, etag: kept.etag });
      cache.set(heldKey, kept.tenantId, answer);
      return answer;
    }
  }

  const found = await findSubject(services, resolution.custody, target, scope, representation);
  if (!found) throw nothingPublished();
  const { reader, subject, status } = await viewInTier(services, resolution.grants, viewer, found);
  const { answer, text } = await render(services.baseUrl, call, subject, status);

  if (subject.tier === 'public' && anonymous) {
    cache.set(heldKey, subject.tenantId, answer);
    if (found.kind === 'passport' && representation.kept) await keep(resolution, call, found, text, answer);
  }
  if (found.kind === 'passport' && reader.grant) {
    await recordRead(resolution, call, found.passport.passport.id, reader.tier, reader.grant);
  }
  return answer;
}

/** Keeping is an optimisation: a store that refuses it (a read replica) still answers the read. */
async function keep(
  { services }: Resolution,
  call: ResolutionCall,
  found: FoundSubject & { kind: 'passport' },
  text: string,
  answer: RenderedAnswer,
): Promise<void> {
  await keepAnswer(services, call, found.passport, { body: text, etag: answer.etag }).catch(
    (error: unknown) => call.log.warn({ err: loggableError(error) }, 'a rendition could not be kept'),
  );
}

/** A grant holder's read, written to the access log before the answer is sent. */
function recordRead(
  { services, grants }: Resolution,
  call: ResolutionCall,
  passportId: string,
  tier: AccessTier,
  grant: ActiveGrant,
): Promise<void> {
  return grants.record(services, {
    grant,
    passportId,
    tier,
    representation: call.representation.type,
    action: 'resolve',
    clientAddress: call.clientAddress,
  });
}
