// What identifies a backup copy: the version hash an EU registry entry carries (`sha256:` + hex of
// the RFC 8785 canonical form of the sealed document), and the `backupOf` marker a host adds to
// what it serves, which is its own statement and not part of the origin's seal (docs/backup.md).
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

export const BACKUP_MARKER = 'backupOf';

export interface BackupOf {
  originBaseUrl: string;
  version: number;
  receivedAt: string;
}

/** `sha256:` + the hex SHA-256 of the document's RFC 8785 canonical form. */
export function versionHash(document: unknown): string {
  const canonical = canonicalize(document);
  if (canonical === undefined) throw new TypeError('the document has no canonical JSON form');
  return `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
}

/** The document a host served without its `backupOf` marker: what the origin's seal is over. */
export function withoutBackupMarker(document: unknown): { document: unknown; marked: boolean } {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    return { document, marked: false };
  if (!(BACKUP_MARKER in document)) return { document, marked: false };
  const { [BACKUP_MARKER]: _marker, ...rest } = document as Record<string, unknown>;
  return { document: rest, marked: true };
}
