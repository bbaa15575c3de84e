// Public resolution, one scan from top to bottom, the module's service: routes.ts reads the request
// into a Scan of plain values and calls answerScan once; the files it calls are its stages, each
// called from here alone, in this order:
//   1. a Digital Link: what it asks for (pick-link.ts): its linkset, a redirect, or the passport in
//      place; a link that asks for more than its passport finds passport and unit (find-subject.ts);
//   2. the representation the route negotiated (406 when none), then who reads (viewer.ts: a bad credential is 401);
//   3. the bytes held in memory for an anonymous read of this URL: a warm scan does nothing more;
//   4. the workspace the host names, looked up once (find-subject.ts);
//   5. for an anonymous read of a passport in a kept form, the bytes kept beside it (find-subject.ts);
//   6. the subject, found once: a passport, a unit, or a backup copy (find-subject.ts);
//   7. the viewer's tier and the subject as that tier sees it (decide-tier.ts);
//   8. the rendering (render.ts), held in memory and kept in the store when public and anonymous;
//      a grant holder's read is written to the access log before the answer goes.
import type { AppContext, ServiceContext } from '../../context.ts';
import type { CacheTags } from '../../core/cache-policy.ts';
import type { Custody } from '../../core/custody.ts';
import type { Lang } from '../../core/i18n.ts';
import { loggableError } from '../../core/loggable-error.ts';
import { notAcceptable, offeredTypes, type Representation } from '../../core/representations.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import { viewInTier } from './decide-tier.ts';
import { type FoundSubject, findKept, findSubject, type Target, workspaceOfHost } from './find-subject.ts';
import type { ActiveGrant, GrantAccess } from './grant-access.ts';
import { nothingPublished } from './not-found.ts';
import type { LinkRequest } from './parse-link.ts';
import { type Gs1LinkAnswer, type OfferedTypes, pickLinkAnswer } from './pick-link.ts';
import { type AnswerForm, keepAnswer, keptAnswer, render } from './render.ts';
import type { RenderCache, RenderedAnswer } from './render-cache.ts';
import { type Viewer, viewerOf } from './viewer.ts';

export { requestAccessUrl } from './decide-tier.ts';

/** What every read shares, built once per app. */
export interface Resolution {
  services: ServiceContext;
  /** The same, reading from `readDb` (read replicas while they keep up): for anonymous reads. */
  anonymousReads: ServiceContext;
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
  options: Omit<Resolution, 'services' | 'anonymousReads' | 'lookupKey' | 'offered'>,
): Resolution {
  return {
    services,
    anonymousReads: services.readDb ? { ...services, db: services.readDb } : services,
    lookupKey: services.lookupKey,
    ...options,
    offered: {
      passport: offeredTypes(options.representations, 'passport'),
      unit: offeredTypes(options.representations, 'unit'),
    },
  };
}

/** A scan as the route read it: plain values, no HTTP object crosses into the pipeline. */
export interface Scan {
  /** The host the URL was sent to: the node's own, or a workspace's. */
  host: string;
  clientAddress: string;
  /** The Accept header, for a Digital Link's linkset. */
  accept: string | undefined;
  /** The representation it prefers for the kind the URL names; null when none is offered (406 on a read). */
  representation: Representation | null;
  lang: Lang;
  /** The Bearer token: null without an Authorization header, '' for a malformed one. */
  token: string | null;
  /** The `?grant=` value, counted only without an Authorization header. */
  grant: unknown;
  /** Told when keeping a rendition fails; the read is answered all the same. */
  log: { warn(details: object, message: string): void };
}

/** What a scan names: a passport by id, a unit by id, or a parsed Digital Link with its query. */
export type ScanTarget =
  | { kind: 'passport'; id: string }
  | { kind: 'unit'; id: string }
  | { kind: 'link'; link: LinkRequest; linkType: unknown; query: string };

/** A scan's answer: a Digital Link's linkset or redirect, or the bytes of a read. */
export type ScanAnswer =
  | Exclude<Gs1LinkAnswer, { kind: 'passport' }>
  | { kind: 'read'; answer: RenderedAnswer };

/** One read once negotiated: the representation, the language and who reads. */
export interface ResolutionCall extends AnswerForm {
  host: string;
  clientAddress: string;
  viewer: Viewer;
  log: Scan['log'];
}

/** Answers one scan, every stage in the order the module's first comment lists. */
export async function answerScan(
  resolution: Resolution,
  scan: Scan,
  target: ScanTarget,
): Promise<ScanAnswer> {
  let read: Target & { url: string; scope?: string | null };
  if (target.kind === 'link') {
    const { link } = target;
    const ask = { host: scan.host, linkType: target.linkType, accept: scan.accept, query: target.query };
    const anonymous = scan.token === null && scan.grant === undefined;
    const picked = await pickLinkAnswer(readsOf(resolution, anonymous), resolution.offered, ask, link);
    if (picked.kind !== 'passport') return picked;
    const productId = 'productId' in picked.key ? picked.key.productId : '';
    read = { ...picked, url: `${link.ai}|${scan.host}|${productId}` };
  } else if (target.kind === 'passport') {
    read = { kind: 'passport', key: { id: target.id }, url: `passport|${scan.host}|${target.id}` };
  } else {
    read = { kind: 'unit', id: target.id, url: `unit|${scan.host}|${target.id}` };
  }
  const { representation } = scan;
  if (!representation) throw notAcceptable(resolution.representations, read.kind);
  const viewer = await viewerOf(scan.token, scan.grant, resolution.lookupKey);
  const call = { ...scan, representation, viewer };
  return { kind: 'read', answer: await answerRead(resolution, call, read) };
}

/**
 * Answers a read in the call's representation. Anonymous answers are held in the render cache under
 * `url` (the URL as requested) with the type and language; `scope` is the host's workspace when the
 * Digital Link's answer looked it up already.
 */
async function answerRead(
  resolution: Resolution,
  call: ResolutionCall,
  target: Target & { url: string; scope?: string | null },
): Promise<RenderedAnswer> {
  const { cache } = resolution;
  const { representation, lang, viewer } = call;
  const anonymous = viewer.kind === 'anonymous';
  // An anonymous read may come from a read replica that keeps up; anything else from the primary.
  const services = readsOf(resolution, anonymous);
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
      const tags = { workspaceId: kept.tenantId, passportId: kept.passportId };
      const answer = keptAnswer(call, { body: kept.body, etag: kept.etag }, tags);
      cache.set(heldKey, kept.tenantId, answer);
      return answer;
    }
  }

  const found = await findSubject(services, resolution.custody, target, scope, representation);
  if (!found) throw nothingPublished();
  const { reader, subject, status } = await viewInTier(services, resolution.grants, viewer, found);
  const { answer, text } = await render(services.baseUrl, call, subject, status, tagsOf(found));

  if (subject.tier === 'public' && anonymous) {
    cache.set(heldKey, subject.tenantId, answer);
    if (found.kind === 'passport' && representation.kept) await keep(resolution, call, found, text, answer);
  }
  if (found.kind === 'passport' && reader.grant) {
    await recordRead(resolution, call, found.passport.passport, reader.tier, reader.grant);
  }
  return answer;
}

/** The store an anonymous read reads (db/replicas.ts); others read the primary. */
function readsOf({ services, anonymousReads }: Resolution, anonymous: boolean): ServiceContext {
  return anonymous ? anonymousReads : services;
}

/** What an answer holds, named in its Cache-Tag for a purge. */
function tagsOf(found: FoundSubject): CacheTags {
  if (found.kind === 'passport')
    return { workspaceId: found.passport.passport.tenantId, passportId: found.passport.passport.id };
  if (found.kind === 'copy') return { workspaceId: found.subject.tenantId };
  const { unit } = found.unit;
  return { workspaceId: unit.tenantId, passportId: unit.passportId, unitId: unit.id };
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
  passport: { id: string; tenantId: string },
  tier: AccessTier,
  grant: ActiveGrant,
): Promise<void> {
  return grants.record(services, {
    grant,
    tenantId: passport.tenantId,
    passportId: passport.id,
    tier,
    representation: call.representation.type,
    action: 'resolve',
    clientAddress: call.clientAddress,
  });
}
