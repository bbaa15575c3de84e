// `opendpp backup verify`: an export archive checked without any node (docs/backup.md, "The
// archive"): the manifest and the members agree (every listed version is there with its hash, nothing
// unlisted), and every version's seal verifies and chains to the seal CA. That CA is the one pinned
// with `--ca` (the origin's, obtained apart from the archive), and the archive's ca.pem must be the
// same certificate; without one, the archive's own ca.pem is trusted, which proves only that the
// archive agrees with itself, and the answer says so (`caPinned: false`).
import { readFile } from 'node:fs/promises';
import { ArchiveError, readBackupArchive } from './domain/backup/archive.ts';
import { sameCertificate, sealCaProblem } from './domain/backup/checks.ts';
import { verifySealedDocument } from './domain/seal/index.ts';

export interface ArchiveVerification {
  valid: boolean;
  /** Whether the seals were checked against a CA given apart from the archive (`--ca`). */
  caPinned: boolean;
  passports: number;
  versions: number;
  /** The members that do not verify, each with why; or the archive's own fault. */
  problems: { member: string; reasons: string[] }[];
}

export interface ArchiveVerifyOptions {
  /** PEM of the origin's seal CA; absent, the archive's own ca.pem is trusted. */
  caPem?: string;
}

export async function verifyArchiveBytes(
  bytes: Buffer,
  { caPem }: ArchiveVerifyOptions = {},
): Promise<ArchiveVerification> {
  const caPinned = caPem !== undefined;
  let archive: ReturnType<typeof readBackupArchive>;
  try {
    archive = readBackupArchive(bytes);
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    const problems = [{ member: '', reasons: [error.message] }];
    return { valid: false, caPinned, passports: 0, versions: 0, problems };
  }
  const problems: ArchiveVerification['problems'] = [];
  if (caPem !== undefined && !sameCertificate(archive.caPem, caPem)) {
    problems.push({ member: 'ca.pem', reasons: ["the archive's CA is not the pinned CA (--ca)"] });
  }
  for (const version of archive.versions) {
    const document = version.document as Record<string, unknown>;
    const seal = document.digitalSeal as { passportId?: unknown; version?: unknown } | undefined;
    if (seal?.passportId !== version.passportId || seal?.version !== version.version) {
      problems.push({ member: version.member, reasons: ['the seal names another passport or version'] });
      continue;
    }
    const result = await verifySealedDocument(document, { caCertificatePem: caPem ?? archive.caPem });
    if (!result.valid || result.checks.certificateChain !== true) {
      problems.push({ member: version.member, reasons: result.reasons });
    }
  }
  return {
    valid: problems.length === 0,
    caPinned,
    passports: archive.manifest.passports.length,
    versions: archive.versions.length,
    problems,
  };
}

async function readOrSay(path: string, what: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new Error(`${what} ${path} cannot be read: ${(error as Error).message}`);
  }
}

export async function verifyArchiveFile(
  path: string,
  { caPath }: { caPath?: string } = {},
): Promise<ArchiveVerification> {
  const bytes = await readOrSay(path, 'the archive');
  if (caPath === undefined) return verifyArchiveBytes(bytes);
  const caPem = (await readOrSay(caPath, 'the CA certificate')).toString('utf8');
  const problem = sealCaProblem(caPem);
  // The message speaks of the API's field; here the certificate is the --ca file.
  if (problem) throw new Error(`${caPath}: ${problem.replace('sealCaPem', 'the --ca file')}`);
  return verifyArchiveBytes(bytes, { caPem });
}
