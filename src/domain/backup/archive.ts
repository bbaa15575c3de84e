// The backup archive `opendpp backup export` writes and a host imports (docs/backup.md, "The
// archive"): a ustar file whose first member is manifest.json, then ca.pem, then every sealed
// version of every passport and, optionally, its units. Reading checks that the manifest and the
// members say the same thing; whether the seals verify is the reader's next question, not this one.
import { versionHash } from './copy.ts';
import { readTar, type TarEntry, TarError, writeTar } from './ustar.ts';

export const ARCHIVE_FORMAT = 'opendpp-backup/1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VERSION_MEMBER = /^passports\/([^/]+)\/versions\/([1-9][0-9]{0,8})\.json$/;

export interface ManifestVersion {
  version: number;
  versionHash: string;
}

export interface ManifestPassport {
  id: string;
  productId: string | null;
  versions: ManifestVersion[];
  units: boolean;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  originBaseUrl: string;
  workspaceId: string;
  createdAt: string;
  passports: ManifestPassport[];
}

export interface ArchiveVersion {
  passportId: string;
  version: number;
  member: string;
  document: unknown;
  versionHash: string;
}

export interface BackupArchive {
  manifest: BackupManifest;
  caPem: string;
  versions: ArchiveVersion[];
  units: { passportId: string; units: unknown[] }[];
}

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

const versionMember = (id: string, version: number) => `passports/${id}/versions/${version}.json`;
const unitsMember = (id: string) => `passports/${id}/units.json`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(entry: TarEntry): unknown {
  try {
    return JSON.parse(entry.data.toString('utf8'));
  } catch {
    throw new ArchiveError(`${entry.name} is not JSON`);
  }
}

function readVersions(id: string, value: unknown): ManifestVersion[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new ArchiveError(`the manifest lists no versions of passport ${id}`);
  let previous = 0;
  return value.map((item) => {
    if (
      !isObject(item) ||
      !Number.isSafeInteger(item.version) ||
      (item.version as number) <= previous ||
      typeof item.versionHash !== 'string' ||
      !/^sha256:[0-9a-f]{64}$/.test(item.versionHash)
    ) {
      throw new ArchiveError(
        `the manifest's versions of passport ${id} are not { version, versionHash } in ascending order`,
      );
    }
    previous = item.version as number;
    return { version: item.version as number, versionHash: item.versionHash };
  });
}

function readManifest(value: unknown): BackupManifest {
  if (!isObject(value)) throw new ArchiveError('manifest.json is not a JSON object');
  if (value.format !== ARCHIVE_FORMAT)
    throw new ArchiveError(`manifest.json is not of the format ${ARCHIVE_FORMAT}`);
  for (const field of ['originBaseUrl', 'workspaceId', 'createdAt'] as const) {
    if (typeof value[field] !== 'string') throw new ArchiveError(`manifest.json has no ${field}`);
  }
  if (!Array.isArray(value.passports)) throw new ArchiveError('manifest.json has no passports list');
  const seen = new Set<string>();
  const passports = value.passports.map((item): ManifestPassport => {
    if (!isObject(item) || typeof item.id !== 'string' || !UUID.test(item.id))
      throw new ArchiveError('a passport of the manifest has no lower-case UUID id');
    if (seen.has(item.id)) throw new ArchiveError(`the manifest lists passport ${item.id} twice`);
    seen.add(item.id);
    return {
      id: item.id,
      productId: typeof item.productId === 'string' ? item.productId : null,
      versions: readVersions(item.id, item.versions),
      units: item.units === true,
    };
  });
  return {
    format: ARCHIVE_FORMAT,
    originBaseUrl: value.originBaseUrl as string,
    workspaceId: value.workspaceId as string,
    createdAt: value.createdAt as string,
    passports,
  };
}

function readUnits(id: string, entry: TarEntry | undefined): unknown[] {
  if (!entry) throw new ArchiveError(`the manifest says ${unitsMember(id)} is there, and it is not`);
  const value = parseJson(entry);
  if (!isObject(value) || value.passportId !== id || !Array.isArray(value.units))
    throw new ArchiveError(`${entry.name} is not { passportId: "${id}", units: [...] }`);
  return value.units;
}

/** Reads and cross-checks an archive; throws ArchiveError with the reason when anything disagrees. */
export function readBackupArchive(bytes: Buffer, options: { maxEntries?: number } = {}): BackupArchive {
  let entries: TarEntry[];
  try {
    entries = readTar(bytes, options);
  } catch (error) {
    if (error instanceof TarError) throw new ArchiveError(`not a readable ustar archive: ${error.message}`);
    throw error;
  }
  const [first] = entries;
  if (first?.name !== 'manifest.json') throw new ArchiveError('the first member is not manifest.json');
  const manifest = readManifest(parseJson(first));
  const members = new Map<string, TarEntry>();
  for (const entry of entries.slice(1)) {
    if (members.has(entry.name)) throw new ArchiveError(`${entry.name} is in the archive twice`);
    members.set(entry.name, entry);
  }
  const ca = members.get('ca.pem');
  if (!ca) throw new ArchiveError('the archive has no ca.pem');
  const listed = new Set(['ca.pem']);
  const versions: ArchiveVersion[] = [];
  const units: BackupArchive['units'] = [];
  for (const passport of manifest.passports) {
    for (const { version, versionHash: hash } of passport.versions) {
      const member = versionMember(passport.id, version);
      const entry = members.get(member);
      if (!entry) throw new ArchiveError(`the manifest lists ${member}, and it is not in the archive`);
      const document = parseJson(entry);
      if (versionHash(document) !== hash)
        throw new ArchiveError(`${member} does not match its versionHash in the manifest`);
      listed.add(member);
      versions.push({ passportId: passport.id, version, member, document, versionHash: hash });
    }
    if (passport.units) {
      units.push({
        passportId: passport.id,
        units: readUnits(passport.id, members.get(unitsMember(passport.id))),
      });
      listed.add(unitsMember(passport.id));
    }
  }
  for (const name of members.keys()) {
    if (!listed.has(name))
      throw new ArchiveError(
        VERSION_MEMBER.test(name)
          ? `${name} is not listed in the manifest`
          : `${name} is not a member of the format`,
      );
  }
  return { manifest, caPem: ca.data.toString('utf8'), versions, units };
}

export interface ArchivePassport {
  id: string;
  productId: string | null;
  /** The sealed documents, each as the owner read served it; ordered here by `digitalSeal.version`. */
  versions: Record<string, unknown>[];
  units?: unknown[];
}

const sealedVersion = (document: Record<string, unknown>) => {
  const seal = document.digitalSeal;
  const version = isObject(seal) ? seal.version : undefined;
  if (!Number.isSafeInteger(version)) throw new ArchiveError('a version has no digitalSeal.version');
  return version as number;
};

/** Writes an archive of the format above (the order of members is the format's). */
export function writeBackupArchive(input: {
  originBaseUrl: string;
  workspaceId: string;
  createdAt: Date;
  caPem: string;
  passports: readonly ArchivePassport[];
}): Buffer {
  const members: TarEntry[] = [];
  const passports: ManifestPassport[] = [];
  for (const passport of input.passports) {
    const sorted = [...passport.versions].sort((a, b) => sealedVersion(a) - sealedVersion(b));
    if (sorted.length === 0) continue;
    const versions = sorted.map((document) => {
      const version = sealedVersion(document);
      members.push({
        name: versionMember(passport.id, version),
        data: Buffer.from(JSON.stringify(document)),
      });
      return { version, versionHash: versionHash(document) };
    });
    if (passport.units) {
      const body = { passportId: passport.id, units: passport.units };
      members.push({ name: unitsMember(passport.id), data: Buffer.from(JSON.stringify(body)) });
    }
    passports.push({ id: passport.id, productId: passport.productId, versions, units: !!passport.units });
  }
  const manifest: BackupManifest = {
    format: ARCHIVE_FORMAT,
    originBaseUrl: input.originBaseUrl,
    workspaceId: input.workspaceId,
    createdAt: input.createdAt.toISOString(),
    passports,
  };
  return writeTar(
    [
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
      { name: 'ca.pem', data: Buffer.from(input.caPem) },
      ...members,
    ],
    input.createdAt,
  );
}
