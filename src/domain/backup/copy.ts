// What identifies a backup copy: the version hash an EU registry entry carries (`sha256:` + hex of
// the RFC 8785 canonical form of the sealed document), and the `backupOf` marker a host adds to
// what it serves, which is its own statement and not part of the origin's seal (docs/backup.md).
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

export const BACKUP_MARKER = 'backupOf';

/**
 * Top-level members an origin's owner read may carry beside the sealed document: its own notes on the
 * version (the version's hash, where its copy is held, the backup state). They are no part of the
 * sealed document, change as pushes go, and are left out of the version hash and of a kept copy.
 */
export const OWNER_ANNOTATIONS = Object.freeze(['versionHash', 'backupUri', 'backup'] as const);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sealed document an owner read holds: the read without the origin's annotations. */
export function withoutOwnerAnnotations(document: unknown): unknown {
  if (!isRecord(document) || !OWNER_ANNOTATIONS.some((field) => field in document)) return document;
  const copy = { ...document };
  for (const field of OWNER_ANNOTATIONS) delete copy[field];
  return copy;
}

export interface BackupOf {
  originBaseUrl: string;
  version: number;
  receivedAt: string;
}

/** `sha256:` + the hex SHA-256 of the RFC 8785 canonical form of the document, annotations left out. */
export function versionHash(document: unknown): string {
  const canonical = canonicalize(withoutOwnerAnnotations(document));
  if (canonical === undefined) throw new TypeError('the document has no canonical JSON form');
  return `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
}

/** The document a host served without its `backupOf` marker: what the origin's seal is over. */
export function withoutBackupMarker(document: unknown): { document: unknown; marked: boolean } {
  if (!isRecord(document) || !(BACKUP_MARKER in document)) return { document, marked: false };
  const { [BACKUP_MARKER]: _marker, ...rest } = document;
  return { document: rest, marked: true };
}
