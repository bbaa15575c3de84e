// `opendpp verify`: the seal checks of docs/sealing.md (steps 1–5) on a document file, without a
// node. With a CA certificate the chain is checked too; without one it is reported as null. With
// `requireTimestamp`, a seal without an RFC 3161 timestamp fails instead of skipping that check.
// A backup host's copy carries the host's `backupOf` marker beside the origin's seal: it is checked
// without it, and the answer says so (`backupCopy: true`) (docs/backup.md, "Verifying a copy").
import { readFile } from 'node:fs/promises';
import { withoutBackupMarker } from './domain/backup/copy.ts';
import { type SealVerification, verifySealedDocument } from './domain/seal/index.ts';

export interface VerifyFileOptions {
  caPath?: string;
  requireTimestamp?: boolean;
}

export async function verifyFile(
  documentPath: string,
  { caPath, requireTimestamp = false }: VerifyFileOptions = {},
): Promise<SealVerification & { backupCopy?: true }> {
  let document: unknown;
  try {
    document = JSON.parse(await readFile(documentPath, 'utf8'));
  } catch (error) {
    throw new Error(`${documentPath} is not a readable JSON document: ${(error as Error).message}`);
  }
  const caCertificatePem = caPath ? await readFile(caPath, 'utf8') : undefined;
  const copy = withoutBackupMarker(document);
  const result = await verifySealedDocument(copy.document, {
    ...(caCertificatePem ? { caCertificatePem } : {}),
    requireTimestamp,
  });
  return copy.marked ? { ...result, backupCopy: true } : result;
}
