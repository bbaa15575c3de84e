// The resolution service the routes call: built once per app with what every answer shares (the
// render cache, the grants, the host-to-workspace scope), then one call per kind of URL.
import type { ServiceContext } from '../../context.ts';
import type { Custody } from '../../core/custody.ts';
import type { Representation } from '../../core/representations.ts';
import { answerSubject, type ResolutionCall } from './answer.ts';
import type { GrantAccess } from './grant-access.ts';
import { type Gs1LinkAsk, gs1LinkAnswer, type LinkDeps } from './gs1-links.ts';
import type { LinkRequest } from './gs1-path.ts';
import { passportSource, type SourceDeps } from './passport-source.ts';
import type { RenderCache } from './render-cache.ts';
import type { PassportKey } from './service.ts';
import { unitSource } from './unit-source.ts';
import { workspaceScope } from './workspace-scope.ts';

export interface AnswersOptions {
  cache: RenderCache;
  grants: GrantAccess;
  /** Every representation resolution offers, for the linkset of a key. */
  representations: readonly Representation[];
  /** Copies of another node answered where this node holds no passport (CUSTODY_OF). */
  custody?: Custody;
}

export function resolutionAnswers(services: ServiceContext, options: AnswersOptions) {
  const deps: SourceDeps = {
    services,
    grants: options.grants,
    scopeOf: workspaceScope(services),
    ...(options.custody ? { custody: options.custody } : {}),
  };
  const answerDeps = { cache: options.cache, baseUrl: services.baseUrl };
  const typesFor = (kind: 'passport' | 'unit') =>
    options.representations.filter((r) => !r.serves || r.serves.includes(kind)).map((r) => r.type);
  const linkDeps: LinkDeps = { ...deps, passportTypes: typesFor('passport'), unitTypes: typesFor('unit') };
  return {
    /** A passport by id or GS1 key; `url` names the answer in the render cache. */
    passport: (call: ResolutionCall, key: PassportKey, url: string) =>
      answerSubject(answerDeps, call, url, passportSource(deps, call, key)),
    unit: (call: ResolutionCall, id: string) =>
      answerSubject(answerDeps, call, `unit|${call.host}|${id}`, unitSource(deps, call, id)),
    /** What a Digital Link request is answered with: a linkset, a redirect, or the passport in place. */
    gs1Links: (ask: Gs1LinkAsk, link: LinkRequest) => gs1LinkAnswer(linkDeps, ask, link),
  };
}

export type ResolutionAnswers = ReturnType<typeof resolutionAnswers>;
