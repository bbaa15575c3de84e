// Where a passport's answer comes from: the rendition kept beside it (public tier, kept forms only),
// or the passport read and viewed in the caller's tier; a public rendering is kept for the next scan
// and a grant holder's read is recorded.
import type { ServiceContext } from '../../context.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import type { Lang } from '../../http/i18n.ts';
import { findKeptRendition, keepRendition, rendererFingerprint, variantOf } from '../passports/service.ts';
import type { ResolutionCall, Resolved, SubjectSource } from './answer.ts';
import type { ActiveGrant, GrantAccess } from './grant-access.ts';
import { type FoundPassport, findPassport, type PassportKey, passportSubject, readerOf } from './service.ts';
import type { WorkspaceScope } from './workspace-scope.ts';

export interface SourceDeps {
  services: ServiceContext;
  grants: GrantAccess;
  scopeOf: WorkspaceScope;
}

export function passportSource(deps: SourceDeps, call: ResolutionCall, key: PassportKey): SubjectSource {
  const { services, scopeOf } = deps;
  const { representation } = call;
  const fingerprint = representation.kept ? rendererFingerprint(representation, services.baseUrl) : null;
  const resolve = async (viewer: ResolutionCall['viewer']): Promise<Resolved | null> => {
    const scope = await scopeOf(call.host);
    if (scope === undefined) return null;
    const found = await findPassport(services, key, scope);
    if (!found) return null;
    const reader = await readerOf(services, deps.grants, viewer, found.passport);
    return {
      subject: passportSubject(services, found, reader),
      ...(fingerprint !== null && reader.tier === 'public'
        ? { keep: keeper(services, call, found, fingerprint) }
        : {}),
      ...(reader.grant ? { record: recorder(deps, call, found.passport.id, reader.tier, reader.grant) } : {}),
    };
  };
  if (fingerprint === null) return { resolve };
  const kept = async (lang: Lang) => {
    const scope = await scopeOf(call.host);
    if (scope === undefined) return null;
    const variant = variantOf('public', representation, lang);
    return findKeptRendition(
      services.db,
      { by: key, tenantId: scope, published: true },
      variant,
      fingerprint,
    );
  };
  return { resolve, kept };
}

function keeper(services: ServiceContext, call: ResolutionCall, found: FoundPassport, fingerprint: string) {
  const row = found.passport;
  return (lang: Lang, body: string, etag: string) =>
    keepRendition(services.db, {
      tenantId: row.tenantId,
      passportId: row.id,
      variant: variantOf('public', call.representation, lang),
      rowsStamp: found.stamp,
      fingerprint,
      etag,
      body,
    });
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
