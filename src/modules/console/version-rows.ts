// The versions table as people read it: one row per version, each with the change that made it.
// The API lists archived versions with the author and reason of the change that replaced them (an
// archived version N records who made N+1 and why), so row N+1 takes them from archived N, and the
// first version is the one the passport was created with, by whoever the audit trail says created
// it. Authors are shown by the member's email (`user:<id>`), an API key by its prefix.
import type { MemberRecord } from './members.ts';

/** The words a versions table says in the page's language (tr of pages.ts, and names.ts). */
export interface VersionWords {
  t: (key: string, params?: Record<string, string>) => string;
  status: (code: string) => string;
}

const ENGLISH: VersionWords = {
  t: (key, params = {}) =>
    key === 'versions.apiKey'
      ? `API key ${params.prefix}`
      : `${params.move}: status ${params.from} → ${params.to}`,
  status: (code) => code,
};

// The reason the API records for a status move (docs/passports.md): `<move>: status <from> → <to>`,
// then ` (<reason>)` when the member gave one. Stored as data; shown from its parts.
const MOVE = /^(publish|recall|decommission|reactivate): status ([A-Z]+) → ([A-Z]+)(?: \(([\s\S]*)\))?$/;

/** A version's reason in the page's language: a status move from its parts, anything else as typed. */
export function reasonText(reason: string | null, words: VersionWords = ENGLISH): string {
  if (!reason) return '—';
  const move = MOVE.exec(reason);
  if (!move) return reason;
  const [, kind = '', from = '', to = '', given] = move;
  const text = words.t('versions.move', {
    move: words.t(`versions.moves.${kind}`),
    from: words.status(from),
    to: words.status(to),
  });
  return given === undefined ? text : `${text} (${given})`;
}

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

export function authorName(
  changedBy: string | null,
  members: readonly MemberRecord[],
  words: VersionWords = ENGLISH,
): string {
  if (!changedBy) return '—';
  if (changedBy.startsWith('user:')) {
    const member = members.find((candidate) => candidate.id === changedBy.slice(5));
    return member?.email ?? changedBy;
  }
  if (changedBy.startsWith('key:')) return words.t('versions.apiKey', { prefix: changedBy.slice(4) });
  return changedBy;
}

export function versionRows(
  archived: readonly Archived[],
  current: number,
  members: readonly MemberRecord[],
  /** Who created the passport (its audit trail's `passport.created`), the author of version 1. */
  creator: string | null = null,
  words: VersionWords = ENGLISH,
): VersionRow[] {
  const rows: VersionRow[] = archived.map((version) => ({
    version: version.version + 1,
    from: version.validUntil,
    changedBy: authorName(version.changedBy, members, words),
    reason: reasonText(version.changeReason, words),
    compareFrom: version.version,
    current: version.version + 1 === current,
  }));
  const first = archived.find((version) => version.version === 1);
  if (first)
    rows.push({
      version: 1,
      from: first.recordedAt,
      changedBy: authorName(creator, members, words),
      reason: '—',
      compareFrom: null,
      current: false,
    });
  return rows;
}

/** A credential session's reader as the access log records it (docs/credential-access.md). */
export interface CredentialReader {
  issuer: string;
  credentialType: string;
  organisation: string | null;
  country: string | null;
}

/** The words the access log names its readers with, in the page's language. */
export interface AccessorWords {
  /** A grant holder: their name, and organisation when the grant has one. */
  grant: (name: string) => string;
  /** A credential session's reader: who the credential says they are, its type and its issuer. */
  credential: (reader: CredentialReader) => string;
}

/**
 * Who read a passport, as the access log shows it: a member by email, a grant by its grantee's
 * name (and organisation), a credential session by the organisation and country its credential
 * disclosed, the credential's type and issuer, an API key by its prefix; anything not found stays as
 * recorded.
 */
export function accessorName(
  entry: { accessor: string; credential?: CredentialReader | null },
  members: readonly MemberRecord[],
  grants: readonly { id: string; grantee: { name: string; organisation?: string | null } }[],
  words: AccessorWords,
): string {
  const { accessor } = entry;
  if (entry.credential) return words.credential(entry.credential);
  if (accessor.startsWith('grant:')) {
    const grant = grants.find((candidate) => candidate.id === accessor.slice(6));
    if (!grant) return accessor;
    const { name, organisation } = grant.grantee;
    return words.grant(organisation ? `${name}, ${organisation}` : name);
  }
  return authorName(accessor, members);
}
