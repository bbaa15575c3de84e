// The versions table as people read it: one row per version, each with the change that made it.
// The API lists archived versions with the author and reason of the change that replaced them (an
// archived version N records who made N+1 and why), so row N+1 takes them from archived N, and the
// first version is the one the passport was created with, by whoever the audit trail says created it. Authors are shown by the member's email
// (`user:<id>`), an API key by its prefix.
import type { MemberRecord } from './members.ts';

interface Archived {
  version: number;
  recordedAt: string;
  validUntil: string;
  changedBy: string | null;
  changeReason: string | null;
}

export interface VersionRow {
  version: number;
  /** When this version began. */
  from: string;
  changedBy: string;
  reason: string;
  /** The archived version this one replaced: the page that shows what it changed. */
  compareFrom: number | null;
  current: boolean;
}

export function authorName(changedBy: string | null, members: readonly MemberRecord[]): string {
  if (!changedBy) return '—';
  if (changedBy.startsWith('user:')) {
    const member = members.find((candidate) => candidate.id === changedBy.slice(5));
    return member?.email ?? changedBy;
  }
  if (changedBy.startsWith('key:')) return `API key ${changedBy.slice(4)}`;
  return changedBy;
}

export function versionRows(
  archived: readonly Archived[],
  current: number,
  members: readonly MemberRecord[],
  /** Who created the passport (its audit trail's `passport.created`), the author of version 1. */
  creator: string | null = null,
): VersionRow[] {
  const rows: VersionRow[] = archived.map((version) => ({
    version: version.version + 1,
    from: version.validUntil,
    changedBy: authorName(version.changedBy, members),
    reason: version.changeReason ?? '—',
    compareFrom: version.version,
    current: version.version + 1 === current,
  }));
  const first = archived.find((version) => version.version === 1);
  if (first)
    rows.push({
      version: 1,
      from: first.recordedAt,
      changedBy: authorName(creator, members),
      reason: '—',
      compareFrom: null,
      current: false,
    });
  return rows;
}

/**
 * Who read a passport, as the access log shows it: a member by email, a grant by its grantee's
 * name (and organisation), an API key by its prefix; anything not found stays as recorded.
 */
export function accessorName(
  accessor: string,
  members: readonly MemberRecord[],
  grants: readonly { id: string; grantee: { name: string; organisation?: string | null } }[],
  grantWord: (name: string) => string,
): string {
  if (accessor.startsWith('grant:')) {
    const grant = grants.find((candidate) => candidate.id === accessor.slice(6));
    if (!grant) return accessor;
    const { name, organisation } = grant.grantee;
    return grantWord(organisation ? `${name}, ${organisation}` : name);
  }
  return authorName(accessor, members);
}
