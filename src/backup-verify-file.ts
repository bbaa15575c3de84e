// `opendpp backup verify`: an export archive checked without any node (docs/backup.md, "The
// archive"): the manifest and the members agree (every listed version is there with its hash, nothing
// unlisted), and every version's seal verifies and chains to the archive's ca.pem.
import { readFile } from 'node:fs/promises';
import { ArchiveError, readBackupArchive } from './domain/backup/archive.ts';
import { verifySealedDocument } from './domain/seal/index.ts';

export interface ArchiveVerification {
  valid: boolean;
  passports: number;
  versions: number;
  /** The members that do not verify, each with why; or the archive's own fault. */
  problems: { member: string; reasons: string[] }[];
}

export async function verifyArchiveBytes(bytes: Buffer): Promise<ArchiveVerification> {
  let archive: ReturnType<typeof readBackupArchive>;
  try {
    archive = readBackupArchive(bytes);
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    return { valid: false, passports: 0, versions: 0, problems: [{ member: '', reasons: [error.message] }] };
  }
  const problems: ArchiveVerification['problems'] = [];
  for (const version of archive.versions) {
    const document = version.document as Record<string, unknown>;
    const seal = document.digitalSeal as { passportId?: unknown; version?: unknown } | undefined;
    if (seal?.passportId !== version.passportId || seal?.version !== version.version) {
      problems.push({ member: version.member, reasons: ['the seal names another passport or version'] });
      continue;
    }
    const result = await verifySealedDocument(document, { caCertificatePem: archive.caPem });
    if (!result.valid || result.checks.certificateChain !== true) {
      problems.push({ member: version.member, reasons: result.reasons });
    }
  }
  return {
    valid: problems.length === 0,
    passports: archive.manifest.passports.length,
    versions: archive.versions.length,
    problems,
  };
}

export async function verifyArchiveFile(path: string): Promise<ArchiveVerification> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new Error(`${path} cannot be read: ${(error as Error).message}`);
  }
  return verifyArchiveBytes(bytes);
}
