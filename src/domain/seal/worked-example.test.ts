// The worked example of docs/sealing.md, recomputed byte for byte from the page itself, so that the
// page and the code can never tell different stories.
import { readFileSync } from 'node:fs';
import canonicalize from 'canonicalize';
import { compactVerify, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { type EcPrivateJwk, publicJwk, publicKeyObject } from '../crypto/keys.ts';
import { certificatePublicJwk, workspaceIdOfCertificate } from './certificates.ts';
import { type Leaf, SEAL_EXCLUDED_FIELDS, sealableLeaves } from './leaves.ts';
import { maskedProof } from './mask.ts';
import { leafHash, leafHashInput, merkleLevels } from './merkle.ts';
import { decodeSalt, proofOf } from './proof.ts';
import { statementBytes, statementOf } from './statement.ts';
import type { SealFields } from './types.ts';
import { verifySealedDocument } from './verify.ts';

const page = readFileSync(new URL('../../../docs/sealing.md', import.meta.url), 'utf8');

/** The fenced code block that follows `<!-- example:<name> -->` on the page. */
function block(name: string): string {
  const match = new RegExp(`<!-- example:${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\``).exec(page);
  if (!match) throw new Error(`docs/sealing.md has no example block "${name}"`);
  return match[1] as string;
}
const json = <T>(name: string) => JSON.parse(block(name)) as T;

interface Row {
  path: string;
  value: Leaf['value'];
  salt: string;
  hashInput: string;
  leafHash: string;
}

const document = json<Record<string, unknown>>('document');
const rows = json<Row[]>('leaves');
const tree = json<string[][]>('tree');
const root = block('root');
const statementText = block('statement');
const key = json<EcPrivateJwk>('key');
const jws = block('jws');
const caCertificatePem = `${block('ca-certificate')}\n`;
const sealed = json<Record<string, unknown> & SealFields>('sealed-document');
const maskedParts = json<Record<string, unknown> & Pick<SealFields, 'proof'>>('masked-document');
const salts = new Map(rows.map((row) => [row.path, decodeSalt(row.salt) as Buffer]));

describe('docs/sealing.md worked example', () => {
  it('lists the leaves of the document in path order, with their values', () => {
    const leaves = sealableLeaves(document);
    expect(leaves.map((leaf) => leaf.path)).toEqual(rows.map((row) => row.path));
    expect(leaves.map((leaf) => canonicalize(leaf.value))).toEqual(
      rows.map((row) => canonicalize(row.value)),
    );
  });

  it('gives every leaf hash input and leaf hash byte for byte', () => {
    for (const row of rows) {
      const salt = salts.get(row.path);
      expect(salt, row.path).toBeInstanceOf(Buffer);
      expect(leafHashInput(row.path, row.value, salt as Buffer).toString('hex')).toBe(row.hashInput);
      expect(leafHash(row.path, row.value, salt as Buffer).toString('hex')).toBe(row.leafHash);
    }
  });

  it('spells out the byte layout of one leaf correctly', () => {
    const lines = block('layout').split('\n');
    const field = (label: string) => (lines.find((line) => line.startsWith(label)) ?? '').slice(9);
    const row = rows.find((r) => r.path === '/metadata/tags/0') as Row;
    const input = Buffer.from(row.hashInput, 'hex');
    expect(field('prefix')).toBe('00');
    expect(field('salt')).toBe((salts.get(row.path) as Buffer).toString('hex'));
    expect(field('content')).toBe(canonicalize([row.path, row.value]));
    expect((lines[3] as string).trim()).toBe(input.subarray(17).toString('hex'));
    expect(field('sha256')).toBe(row.leafHash);
    expect(input.subarray(0, 1).toString('hex') + field('salt') + (lines[3] as string).trim()).toBe(
      row.hashInput,
    );
  });

  it('builds the tree and root shown', () => {
    const levels = merkleLevels(rows.map((row) => Buffer.from(row.leafHash, 'hex')));
    expect(levels.map((level) => level.map((hash) => Buffer.from(hash).toString('hex')))).toEqual(tree);
    expect(tree[tree.length - 1]).toEqual([root]);
    expect(proofOf(sealableLeaves(document), salts).root).toBe(root);
  });

  it('signs exactly the statement shown, and the JWS verifies with the example key', async () => {
    const seal = sealed.digitalSeal;
    const statement = statementOf(seal);
    expect(statementBytes(statement).toString('utf8')).toBe(statementText);
    expect(seal.merkleRoot).toBe(root);
    expect(seal.signature).toBe(jws);
    expect(decodeProtectedHeader(jws)).toEqual({ alg: 'ES256', kid: key.kid, typ: 'opendpp-seal+jws' });
    const { payload } = await compactVerify(jws, publicKeyObject(key), { algorithms: ['ES256'] });
    expect(Buffer.from(payload).toString('utf8')).toBe(statementText);
  });

  it('shows the sealed document with the proof, key and certificate that belong to it', async () => {
    const { digitalSeal, signingPublicKey, proof, ...content } = sealed;
    expect(content).toEqual(Object.fromEntries(Object.entries(document).filter(([, v]) => v !== null)));
    expect(proof).toEqual(proofOf(sealableLeaves(document), salts).proof);
    expect(signingPublicKey).toEqual(publicJwk(key));
    expect(JSON.stringify(signingPublicKey)).not.toContain(key.d);
    expect(certificatePublicJwk(digitalSeal.certificate, key.kid)).toEqual(publicJwk(key));
    expect(workspaceIdOfCertificate(digitalSeal.certificate)).toBe('0b8f5b3e-4b0e-4a43-9d0c-6f3c2d1e7a10');
    const now = new Date(Date.parse(digitalSeal.sealedAt) + 60_000);
    expect(await verifySealedDocument(sealed, { caCertificatePem, now })).toEqual({
      valid: true,
      checks: { merkleRoot: true, signature: true, certificateChain: true, timestamp: null },
      reasons: [],
    });
  });

  it('shows the masked view and its proof as maskedProof makes them, still verifiable', async () => {
    const view = { ...sealed, ...maskedParts };
    expect(maskedProof(sealed, view)).toEqual(maskedParts.proof);
    const chemistry = rows.find((row) => row.path === '/metadata/chemistry') as Row;
    expect(maskedParts.proof.redactedLeaves).toEqual({ [chemistry.path]: chemistry.leafHash });
    const now = new Date(Date.parse(sealed.digitalSeal.sealedAt) + 60_000);
    expect(await verifySealedDocument(view, { caCertificatePem, now })).toMatchObject({
      valid: true,
      reasons: [],
    });
  });

  it('names every excluded field in its table', () => {
    const section = page.slice(page.indexOf('## 1.'), page.indexOf('## 2.'));
    for (const field of SEAL_EXCLUDED_FIELDS) expect(section).toContain(`\`${field}\``);
  });
});
