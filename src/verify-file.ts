// `opendpp verify`: the seal checks of docs/sealing.md (steps 1–5) on a document file, without a
// node. With a CA certificate the chain is checked too; without one it is reported as null. With
// `requireTimestamp`, a seal without an RFC 3161 timestamp fails instead of skipping that check.
import { readFile } from 'node:fs/promises';
import { type SealVerification, verifySealedDocument } from './domain/seal/index.ts';

export interface VerifyFileOptions {
  caPath?: string;
  requireTimestamp?: boolean;
}

export async function verifyFile(
  documentPath: string,
  { caPath, requireTimestamp = false }: VerifyFileOptions = {},
): Promise<SealVerification> {
  let document: unknown;
  try {
    document = JSON.parse(await readFile(documentPath, 'utf8'));
  } catch (error) {
    throw new Error(`${documentPath} is not a readable JSON document: ${(error as Error).message}`);
  }
  const caCertificatePem = caPath ? await readFile(caPath, 'utf8') : undefined;
  return verifySealedDocument(document, {
    ...(caCertificatePem ? { caCertificatePem } : {}),
    requireTimestamp,
  });
}
