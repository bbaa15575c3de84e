// Where a passport's answer comes from: the rendition kept beside it (public tier, kept forms only),
// or the passport read and viewed in the caller's tier; a public rendering is kept for the next scan
// and a grant holder's read is recorded.
import type { ServiceContext } from '../../context.ts';
import type { Custody } from '../../core/custody.ts';
import { AppError } from '../../core/errors.ts';
import type { Lang } from '../../core/i18n.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import { type KeptRendition, keepPublicAnswer, keptPublicAnswer } from '../passports/service.ts';
import type { ResolutionCall, Resolved, SubjectSource } from './answer.ts';
import type { ActiveGrant, GrantAccess } from './grant-access.ts';
import { type FoundPassport, findPassport, type PassportKey, passportSubject, readerOf } from './service.ts';
import type { WorkspaceScope } from './workspace-scope.ts';

export interface SourceDeps {
  services: ServiceContext;
  grants: GrantAccess;
  scopeOf: WorkspaceScope;
  /** Another node's copies answered where this node holds no passport itself (CUSTODY_OF). */
  custody?: Custody;
}

/** What the kept renditions say of a passport this node does not hold: look further (custody). */
const NOT_HELD: KeptRendition = { tenantId: '', passportId: '', operatorId: '', body: null, etag: null };

/** A copy held in custody, answered in the public tier in the forms a copy allows. */
async function custodyAnswer(
  custody: Custody,
  call: ResolutionCall,
  key: PassportKey,
): Promise<Resolved | null> {
  const subject = await custody.passport(key);
  if (!subject) return null;
  if (!custody.offers(call.representation.type)) {
    throw new AppError('NOT_ACCEPTABLE', `A backup copy is offered as ${custody.types.join(', ')}`, {
      extra: { offered: [...custody.types] },
    });
  }
  return { subject };
}

export function passportSource(deps: SourceDeps, call: ResolutionCall, key: PassportKey): SubjectSource {
  const { services, scopeOf } = deps;
  const { representation } = call;
  const resolve = async (viewer: ResolutionCall['viewer']): Promise<Resolved | null> => {
    const scope = await scopeOf(call.host);
    if (scope === undefined) return null;
    const found = await findPassport(services, key, scope);
    if (!found) return deps.custody && scope === null ? custodyAnswer(deps.custody, call, key) : null;
    const reader = await readerOf(services, deps.grants, viewer, found.passport);
    return {
      subject: passportSubject(services, found, reader),
      ...(representation.kept && reader.tier === 'public' ? { keep: keeper(services, call, found) } : {}),
      ...(reader.grant ? { record: recorder(deps, call, found.passport.id, reader.tier, reader.grant) } : {}),
    };
  };
  if (!representation.kept) return { resolve };
  const kept = async (lang: Lang) => {
    const scope = await scopeOf(call.host);
    if (scope === undefined) return null;
    const form = { representation, lang, baseUrl: services.baseUrl };
    const kept = await keptPublicAnswer(services.db, key, scope, form);
    return kept ?? (deps.custody && scope === null ? NOT_HELD : null);
  };
  return { resolve, kept };
}

function keeper(services: ServiceContext, call: ResolutionCall, found: FoundPassport) {
  return (lang: Lang, body: string, etag: string) =>
    keepPublicAnswer(
      services.db,
      found,
      { representation: call.representation, lang, baseUrl: services.baseUrl },
      { body, etag },
    );
}

function recorder(
  deps: SourceDeps,
  call: ResolutionCall,
  passportId: string,
  tier: AccessTier,
  grant: ActiveGrant,
) {
  return () =>
    deps.grants.record(deps.services, {
      grant,
      passportId,
      tier,
      representation: call.representation.type,
      action: 'resolve',
      clientAddress: call.clientAddress,
    });
}
