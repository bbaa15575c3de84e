// `opendpp backup verify` with the CA pinned: an archive that brings a CA of its own, and versions
// sealed under it with another origin's ids and base URL, verifies only against its own CA; pinned to
// the origin's CA it is invalid, with the reason. Unpinned, the answer says it trusted the archive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchiveBytes } from '../../src/backup-verify-file.ts';
import { writeBackupArchive } from '../../src/domain/backup/archive.ts';
import { type SealFixture, sealFixture } from '../../src/domain/seal/fixtures.ts';
import { createWorkspace } from '../helpers/app.ts';
import {
  ORIGIN_URL,
  type OriginNode,
  originNode,
  resealed,
  sealedOnOrigin,
} from '../helpers/backup-nodes.ts';
import { createOperator } from '../helpers/passports.ts';
import type { SealedDocument } from '../helpers/seals.ts';

let origin: OriginNode;
let genuine: SealedDocument;
let forger: SealFixture;
let workspaceId: string;

const archiveOf = (caPem: string, versions: SealedDocument[]) =>
  writeBackupArchive({
    originBaseUrl: ORIGIN_URL,
    workspaceId,
    createdAt: new Date(),
    caPem,
    passports: [{ id: genuine.id, productId: String(genuine.productId), versions }],
  });

beforeAll(async () => {
  origin = await originNode();
  const workspace = await createWorkspace(origin.app);
  workspaceId = workspace.id;
  await createOperator(origin.app, workspace);
  genuine = await sealedOnOrigin(origin.app, workspace.token);
  forger = await sealFixture();
});

afterAll(async () => {
  await origin?.close();
});

describe('verifying an archive', () => {
  it('with the origin’s CA pinned: the genuine archive is valid, one with a CA of its own is not', async () => {
    const real = await verifyArchiveBytes(archiveOf(origin.caPem, [genuine]), { caPem: origin.caPem });
    expect(real).toMatchObject({ valid: true, caPinned: true, problems: [] });

    const forged = await resealed(genuine, forger, genuine.digitalSeal.version as number, {
      economicOperator: { ...(genuine.economicOperator as object), name: 'Forged Ltd' },
    });
    const own = archiveOf(forger.ca.certificatePem, [forged]);
    const pinned = await verifyArchiveBytes(own, { caPem: origin.caPem });
    expect(pinned.valid).toBe(false);
    expect(pinned.caPinned).toBe(true);
    expect(pinned.problems[0]).toEqual({
      member: 'ca.pem',
      reasons: [expect.stringMatching(/not the pinned CA/)],
    });
    // Its versions do not chain to the pinned CA either, and each says so.
    const member = `passports/${genuine.id}/versions/${genuine.digitalSeal.version}.json`;
    expect(pinned.problems).toContainEqual({ member, reasons: expect.arrayContaining([expect.any(String)]) });

    // The genuine CA in the archive, but a version sealed under another one.
    const mixed = await verifyArchiveBytes(archiveOf(origin.caPem, [forged]), { caPem: origin.caPem });
    expect(mixed.valid).toBe(false);
    expect(mixed.problems.map((p) => p.member)).toEqual([member]);
  });

  it('without a pinned CA: valid against the archive’s own CA, and the answer says the CA was not pinned', async () => {
    const forged = await resealed(genuine, forger, genuine.digitalSeal.version as number);
    const result = await verifyArchiveBytes(archiveOf(forger.ca.certificatePem, [forged]));
    expect(result).toMatchObject({ valid: true, caPinned: false });
  });
});
