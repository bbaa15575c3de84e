// The backup host (docs/backup.md): partners registered by the platform admin, sealed versions a
// partner pushes or an archive brings, kept append-only in secret boxes, and the copies answered in
// the public tier (or whole, to the partner and the platform admin). A passport id is held by the
// first partner to store a copy of it, and only its holder's copies are answered or added to, one
// version after the other. Custody hands resolution the copies one partner holds.
import type { ServiceContext } from '../../context.ts';
import type { Custody, CustodyKey } from '../../core/custody.ts';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import type { PassportSubject } from '../../core/representations.ts';
import type { Db, Executor } from '../../db/client.ts';
import { backupTokenHash, generateBackupToken } from '../../domain/auth/backup-token.ts';
import { ArchiveError, readBackupArchive } from '../../domain/backup/archive.ts';
import { copyRefusal, sealCaProblem } from '../../domain/backup/checks.ts';
import {
  BACKUP_MARKER,
  type BackupOf,
  versionHash,
  withoutOwnerAnnotations,
} from '../../domain/backup/copy.ts';
import { decryptSecret, encryptSecret } from '../../domain/crypto/secret-box.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import {
  activePartnerByTokenHash,
  type CopyKey,
  type CopyRow,
  claimPassport,
  countCopies,
  deletePartner,
  endPartner,
  findCopy,
  findHeldCopy,
  findPartner,
  type HeldCopy,
  insertAudit,
  insertCopy,
  insertPartner,
  insertUnits,
  listPartnerCopies,
  listPartners,
  newestVersion,
  type PartnerRow,
} from './store.ts';

export type { PartnerRow };

/** The media types a copy is answered in: the document and its page, never a form the host signs. */
export const COPY_TYPES = ['application/ld+json', 'application/json', 'text/html'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const copyBoxContext = (partnerId: string, passportId: string, version: number) =>
  `backup-copy:${partnerId}:${passportId}:${version}`;
const unitsBoxContext = (partnerId: string, passportId: string) => `backup-units:${partnerId}:${passportId}`;
const baseUrlOf = (url: string) => url.replace(/\/+$/, '');

const partnerRecord = (row: PartnerRow) => ({
  id: row.id,
  name: row.name,
  originBaseUrl: row.originBaseUrl,
  createdAt: row.createdAt.toISOString(),
});

const partnerListItem = (row: PartnerRow & { copies: number }) => ({
  ...partnerRecord(row),
  endedAt: row.endedAt?.toISOString() ?? null,
  copies: row.copies,
});

export async function registerPartner(
  context: ServiceContext,
  input: { name: string; originBaseUrl: string; sealCaPem: string },
) {
  const problem = sealCaProblem(input.sealCaPem);
  if (problem) throw badRequest(problem);
  const { token, hash } = generateBackupToken();
  const row = await insertPartner(context.db, {
    name: input.name,
    originBaseUrl: baseUrlOf(input.originBaseUrl),
    sealCaPem: input.sealCaPem.trim(),
    tokenHash: hash,
    createdAt: context.clock(),
  });
  return { partner: partnerRecord(row), token };
}

export async function partners(context: ServiceContext) {
  return (await listPartners(context.db)).map(partnerListItem);
}

/** Ends a partnership: its token stops working, its copies stay. */
export async function endPartnership(context: ServiceContext, id: string) {
  await endPartner(context.db, id, context.clock());
  const row = await findPartner(context.db, id);
  if (!row) throw notFound('No backup partner with this id');
  return partnerListItem({ ...row, copies: await countCopies(context.db, id) });
}

/**
 * Removes a partner with every copy and unit it holds, in one transaction, recorded in the host's
 * audit; the passport ids it held are free for another partner. Its token stops working with it.
 */
export async function removePartnerWithCopies(context: ServiceContext, id: string) {
  const at = context.clock();
  return (context.db as Db).transaction(async (tx) => {
    const row = await findPartner(tx, id);
    if (!row) throw notFound('No backup partner with this id');
    const removed = await deletePartner(tx, id);
    if (!removed) throw notFound('No backup partner with this id');
    await insertAudit(tx, {
      action: 'backup_partner.removed',
      partnerId: id,
      actor: 'platform-admin',
      details: { name: row.name, originBaseUrl: row.originBaseUrl, ...removed },
      at,
    });
    return { partner: partnerListItem({ ...row, endedAt: row.endedAt ?? at, copies: 0 }), removed };
  });
}

/** One page of the copies a partner stored, each saying whether the partner holds its passport id. */
export async function partnerCopies(
  context: ServiceContext,
  id: string,
  { page, limit }: { page: number; limit: number },
) {
  if (!(await findPartner(context.db, id))) throw notFound('No backup partner with this id');
  const { copies, total } = await listPartnerCopies(context.db, id, limit, (page - 1) * limit);
  return {
    copies: copies.map((copy) => ({ ...copyRecord(context, copy), held: copy.held })),
    total,
    totalPages: Math.ceil(total / limit),
  };
}

/** The partner a pushed token names; 401 for a missing, malformed, unknown or ended one. */
export async function partnerOfToken(context: ServiceContext, token: string | null): Promise<PartnerRow> {
  const hash = token ? backupTokenHash(token) : null;
  const partner = hash ? await activePartnerByTokenHash(context.db, hash) : null;
  if (!partner)
    throw new AppError('UNAUTHORIZED', 'Missing or invalid backup partner token', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  return partner;
}

const copyRecord = (
  context: ServiceContext,
  row: Pick<CopyRow, 'passportId' | 'version' | 'versionHash' | 'receivedAt'>,
) => ({
  passportId: row.passportId,
  version: row.version,
  versionHash: row.versionHash,
  receivedAt: row.receivedAt.toISOString(),
  uri: `${context.baseUrl}/backup/v1/passports/${row.passportId}/versions/${row.version}`,
});

/**
 * Why a partner may not add this version of a passport it holds, or null: a version more than one
 * ahead of the newest it holds, unless the push names that newest version as the sealed version it
 * follows (the origin's versions between them were never sealed, so never pushed).
 */
function versionGap(version: number, newest: number | null, follows: number | undefined): string | null {
  if (newest === null || version <= newest + 1 || follows === newest) return null;
  const named = follows === undefined ? 'names no version it follows' : `follows version ${follows}`;
  return `Version ${version} is ahead of version ${newest}, the newest held of this passport, and ${named}: push the versions in order, or name version ${newest} as the one it follows`;
}

/**
 * Stores a checked copy for the partner holding its passport id (claimed here for the first partner
 * to store one), when it adds the next version; an identical one held already is not written again,
 * another is a conflict. Runs in the caller's transaction, which the claim's lock serialises.
 */
async function storeCopy(
  context: ServiceContext,
  tx: Executor,
  partnerId: string,
  document: Record<string, unknown>,
  path: { passportId: string; version: number; follows?: number },
) {
  const receivedAt = context.clock();
  if ((await claimPassport(tx, path.passportId, partnerId, receivedAt)) !== partnerId) {
    throw new AppError(
      'BACKUP_ID_HELD',
      `Passport ${path.passportId} is held here for another backup partner`,
    );
  }
  const gap = versionGap(path.version, await newestVersion(tx, partnerId, path.passportId), path.follows);
  if (gap) throw new AppError('BACKUP_VERSION_GAP', gap);
  const hash = versionHash(document);
  const values = {
    partnerId,
    passportId: path.passportId,
    version: path.version,
    productId: typeof document.productId === 'string' ? document.productId : null,
    versionHash: hash,
    documentBox: encryptSecret(
      context.sealing.masterKey,
      JSON.stringify(document),
      copyBoxContext(partnerId, path.passportId, path.version),
    ),
    receivedAt,
  };
  if (await insertCopy(tx, values)) return { created: true, copy: copyRecord(context, values) };
  const held = await findCopy(tx, partnerId, path.passportId, path.version);
  if (!held || held.versionHash !== hash) {
    throw new AppError(
      'BACKUP_VERSION_CONFLICT',
      `Version ${path.version} of passport ${path.passportId} is held with another document; copies are append-only`,
    );
  }
  return { created: false, copy: copyRecord(context, held) };
}

/**
 * A partner's push of one sealed version: 201 when new, 200 when held identical already. `follows`
 * is the sealed version the origin says comes before it (OpenDPP-Previous-Version).
 */
export async function acceptCopy(
  context: ServiceContext,
  partner: PartnerRow,
  path: { passportId: string; version: number; follows?: number },
  document: unknown,
) {
  const passportId = path.passportId.toLowerCase();
  // An owner read may carry the origin's notes on the version beside the sealed document: not kept.
  const sealed = withoutOwnerAnnotations(document);
  const refusal = await copyRefusal(
    sealed,
    { passportId, version: path.version },
    partner.sealCaPem,
    context.clock(),
  );
  if (refusal) throw new AppError('BACKUP_COPY_REFUSED', refusal);
  return (context.db as Db).transaction((tx) =>
    storeCopy(context, tx, partner.id, sealed as Record<string, unknown>, { ...path, passportId }),
  );
}

/**
 * An archive's versions by passport id, then version, each with the version before it in the archive
 * as the one it follows: an archive lists every sealed version of a passport, so that is the sealed
 * version before it. Ids in one order keep two imports from claiming theirs in opposite orders.
 */
function inClaimOrder<T extends { passportId: string; version: number }>(versions: T[]) {
  const sorted = [...versions].sort((a, b) =>
    a.passportId === b.passportId ? a.version - b.version : a.passportId < b.passportId ? -1 : 1,
  );
  return sorted.map((version, i) => {
    const before = sorted[i - 1];
    return before?.passportId === version.passportId ? { ...version, follows: before.version } : version;
  });
}

/** Takes an archive of `opendpp backup export` whole, or nothing of it. */
export async function importArchive(context: ServiceContext, partnerId: string, bytes: Buffer) {
  const partner = await findPartner(context.db, partnerId);
  if (!partner) throw notFound('No backup partner with this id');
  if (partner.endedAt) throw new AppError('BACKUP_PARTNER_ENDED', 'This backup partnership has ended');
  let archive: ReturnType<typeof readBackupArchive>;
  try {
    archive = readBackupArchive(bytes);
  } catch (error) {
    if (error instanceof ArchiveError) throw new AppError('BACKUP_ARCHIVE_INVALID', error.message);
    throw error;
  }
  if (baseUrlOf(archive.manifest.originBaseUrl) !== partner.originBaseUrl) {
    throw new AppError(
      'BACKUP_ARCHIVE_INVALID',
      `The archive is of ${archive.manifest.originBaseUrl}, not of this partner (${partner.originBaseUrl})`,
    );
  }
  const now = context.clock();
  const versions = archive.versions.map((version) => ({
    ...version,
    document: withoutOwnerAnnotations(version.document),
  }));
  for (const version of versions) {
    const refusal = await copyRefusal(version.document, version, partner.sealCaPem, now);
    if (refusal) throw new AppError('BACKUP_COPY_REFUSED', `${version.member}: ${refusal}`);
  }
  const imported = { passports: archive.manifest.passports.length, versions: 0, alreadyHeld: 0, units: 0 };
  await (context.db as Db).transaction(async (tx) => {
    for (const version of inClaimOrder(versions)) {
      const stored = await storeCopy(
        context,
        tx,
        partner.id,
        version.document as Record<string, unknown>,
        version,
      );
      if (stored.created) imported.versions++;
      else imported.alreadyHeld++;
    }
    for (const { passportId, units } of archive.units) {
      const unitsBox = encryptSecret(
        context.sealing.masterKey,
        JSON.stringify(units),
        unitsBoxContext(partner.id, passportId),
      );
      if (await insertUnits(tx, { partnerId: partner.id, passportId, unitsBox, receivedAt: now }))
        imported.units++;
    }
  });
  return imported;
}

/** Who reads a copy: anyone (public tier), or whole: the platform admin, or a partner its own copies. */
type CopyReader = { kind: 'public' } | { kind: 'admin' } | { kind: 'partner'; partnerId: string };

/** The bearer token of a read of a copy, if any, and how to tell the platform admin's. */
export interface CopyCredential {
  token: string | null;
  isAdminToken: (token: string) => boolean;
}

async function copyReaderOf(
  context: ServiceContext,
  token: string | null,
  isAdminToken: (token: string) => boolean,
): Promise<CopyReader> {
  if (token === null) return { kind: 'public' };
  if (isAdminToken(token)) return { kind: 'admin' };
  const partner = await partnerOfToken(context, token);
  return { kind: 'partner', partnerId: partner.id };
}

function openCopy(context: ServiceContext, held: HeldCopy): Record<string, unknown> {
  const text = decryptSecret(
    context.sealing.masterKey,
    held.documentBox,
    copyBoxContext(held.partnerId, held.passportId, held.version),
  );
  return JSON.parse(text) as Record<string, unknown>;
}

/** The copy as served: whole or in the public tier, with the host's `backupOf` marker after it. */
function servedCopy(held: HeldCopy, document: Record<string, unknown>, whole: boolean) {
  const backupOf: BackupOf = {
    originBaseUrl: held.originBaseUrl,
    version: held.version,
    receivedAt: held.receivedAt.toISOString(),
  };
  const view = whole
    ? document
    : tierView(document, 'public', {
        requestAccessUrl: `${held.originBaseUrl}/request-access/${held.passportId}`,
      });
  return { ...view, [BACKUP_MARKER]: backupOf };
}

export interface ServedCopy {
  subject: PassportSubject;
  originBaseUrl: string;
}

const subjectOf = (held: HeldCopy, document: Record<string, unknown>, whole: boolean): PassportSubject => ({
  kind: 'passport',
  view: servedCopy(held, document, whole),
  full: document,
  tier: whole ? 'owner' : 'public',
  // Copies belong to no workspace: the render cache files them under their partner.
  tenantId: `backup:${held.partnerId}`,
  version: held.version,
});

/**
 * The newest copy of a passport (or one version) that its holding partner stored, as the reader the
 * credential names may see it (a token neither the admin's nor an active partner's is 401); 404 when
 * none is held.
 */
export async function readCopy(
  context: ServiceContext,
  credential: CopyCredential,
  path: { passportId: string; version?: number },
): Promise<ServedCopy> {
  const reader = await copyReaderOf(context, credential.token, credential.isAdminToken);
  const held = await findHeldCopy(context.db, {
    passportId: path.passportId.toLowerCase(),
    ...(path.version ? { version: path.version } : {}),
  });
  if (!held) throw notFound('No backup copy of this passport is held here');
  const whole = reader.kind === 'admin' || (reader.kind === 'partner' && reader.partnerId === held.partnerId);
  return { subject: subjectOf(held, openCopy(context, held), whole), originBaseUrl: held.originBaseUrl };
}

/** Resolution's view of the copies one partner holds (CUSTODY_OF). */
export function custodyOf(context: ServiceContext, partnerId: string): Custody {
  return {
    types: COPY_TYPES,
    offers: (type) => (COPY_TYPES as readonly string[]).includes(type),
    passport: async (key: CustodyKey) => {
      if ('id' in key && !UUID.test(key.id.toLowerCase())) return null;
      const copyKey: CopyKey =
        'id' in key
          ? { passportId: key.id.toLowerCase(), partnerId }
          : { productId: key.productId, partnerId };
      const held = await findHeldCopy(context.db, copyKey);
      return held ? subjectOf(held, openCopy(context, held), false) : null;
    },
  };
}
