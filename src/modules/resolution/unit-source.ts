// Where a unit's answer comes from: the unit and its published model in the caller's tier, or the
// tombstone of a recycled unit (410, public to everyone: what it was and when it ceased).
import type { Subject } from '../../http/representations.ts';
import type { ResolutionCall, Resolved, SubjectSource } from './answer.ts';
import type { SourceDeps } from './passport-source.ts';
import {
  type FoundUnit,
  findUnit,
  passportSubject,
  readerOf,
  unitFacts,
  unitSubject,
  unitTombstone,
} from './service.ts';

const PUBLIC_READER = { tier: 'public', grant: null } as const;

export function unitSource(deps: SourceDeps, call: ResolutionCall, id: string): SubjectSource {
  const { services } = deps;
  return {
    resolve: async (viewer): Promise<Resolved | null> => {
      const scope = await deps.scopeOf(call.host);
      if (scope === undefined) return null;
      const found = await findUnit(services, id, scope);
      if (!found) return null;
      if (found.unit.status === 'RECYCLED') return { subject: tombstone(deps, found), status: 410 };
      const reader = await readerOf(services, deps.grants, viewer, found.passport.passport);
      return { subject: await unitSubject(services, found, reader) };
    },
  };
}

function tombstone({ services }: SourceDeps, found: FoundUnit): Subject {
  return {
    kind: 'unit',
    view: unitTombstone(services.baseUrl, found),
    tier: 'public',
    tenantId: found.unit.tenantId,
    unit: unitFacts(found.unit),
    model: passportSubject(services, found.passport, PUBLIC_READER),
  };
}
