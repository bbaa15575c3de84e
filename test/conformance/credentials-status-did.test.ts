// Bitstring Status List v1.0 and did:web against their specifications' examples: our list
// credential and entries (one list, or a revocation and a suspension list) have the examples' shapes, our encoding reads the spec's list and writes the
// same bytes for an empty one, bit order checked with an independent GZIP decoder; did:web DIDs map
// to the URLs the method spec gives, and our DID document has the members its example has.

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  assertionKey,
  type DidDocument,
  didDocument,
  didWebFor,
  didWebUrl,
} from '../../src/domain/credentials/did-web.ts';
import {
  emptyEncodedList,
  readStatusBit,
  STATUS_LIST_LENGTH,
  type StatusPurpose,
  setStatusBits,
  statusListCredential,
  statusListEntry,
} from '../../src/domain/credentials/status-list.ts';
import { generateSigningKey } from '../../src/domain/crypto/keys.ts';
import { material, materialJson } from './material.ts';

type Json = Record<string, unknown>;
const BSL = 'w3c-vc-bitstring-status-list';
const listExample = materialJson<Json & { credentialSubject: Json }>(
  BSL,
  'example-03-example-bitstringstatuslistcredential.json',
);
const entryExample = materialJson<Json & { credentialStatus: Json }>(
  BSL,
  'example-04-a-revocable-verifiable-credential.json',
);
const twoListsExample = materialJson<Json & { credentialStatus: Json[] }>(
  BSL,
  'example-06-associating-multiple-status-lists-with-a-single-verifiable-credential.json',
);
const specList = listExample.credentialSubject.encodedList as string;

describe('Bitstring Status List examples', () => {
  it('our list credential is the example for the same inputs (the subject id aside: ours is <list>#list)', () => {
    const subject = { ...listExample.credentialSubject, id: `${listExample.id as string}#list` };
    expect(
      statusListCredential({
        listUrl: listExample.id as string,
        issuerDid: listExample.issuer as string,
        encodedList: specList,
        validFrom: listExample.validFrom as string,
      }),
    ).toEqual({ ...listExample, credentialSubject: subject });
  });

  it('our entry is the example entry for the same list and index', () => {
    const entry = entryExample.credentialStatus;
    expect(
      statusListEntry({
        listUrl: entry.statusListCredential as string,
        index: Number(entry.statusListIndex),
      }),
    ).toEqual(entry);
  });

  it('our entries in two lists (revocation, suspension) are the example that associates several lists', () => {
    const ours = twoListsExample.credentialStatus.map((entry) =>
      statusListEntry({
        listUrl: entry.statusListCredential as string,
        index: Number(entry.statusListIndex),
        purpose: entry.statusPurpose as StatusPurpose,
      }),
    );
    expect(ours).toEqual(twoListsExample.credentialStatus);
  });

  it('our suspension list credential differs from the revocation one in its purpose only', () => {
    const inputs = {
      listUrl: listExample.id as string,
      issuerDid: listExample.issuer as string,
      encodedList: specList,
      validFrom: listExample.validFrom as string,
    };
    const suspension = statusListCredential({ ...inputs, purpose: 'suspension' });
    expect(suspension.credentialSubject.statusPurpose).toBe('suspension');
    expect({
      ...suspension,
      credentialSubject: { ...suspension.credentialSubject, statusPurpose: 'revocation' },
    }).toEqual(statusListCredential(inputs));
  });

  it('reads the example list (131,072 bits, index 94567 not revoked) and writes an empty list byte for byte', async () => {
    expect(await readStatusBit(specList, 94567)).toBe(false);
    expect(gunzipSync(Buffer.from(specList.slice(1), 'base64url')).length * 8).toBe(STATUS_LIST_LENGTH);
    expect(await emptyEncodedList()).toBe(specList);
  });

  it('sets the bits the spec orders: index 0 is the most significant bit of the first byte', async () => {
    const list = await setStatusBits(
      specList,
      new Map([
        [0, true],
        [94567, true],
        [131071, true],
      ]),
    );
    const bytes = gunzipSync(Buffer.from(list.slice(1), 'base64url'));
    expect(bytes[0]).toBe(0x80);
    expect(bytes[94567 >> 3]).toBe(0x80 >> (94567 & 7));
    expect(bytes[16383]).toBe(0x01);
    expect(bytes.reduce((sum, byte) => sum + byte.toString(2).replaceAll('0', '').length, 0)).toBe(3);
    const cleared = await setStatusBits(list, new Map([[94567, false]]));
    expect(await readStatusBit(cleared, 94567)).toBe(false);
    expect(await readStatusBit(cleared, 0)).toBe(true);
  });
});

describe('did:web method', () => {
  const rows = readFileSync(material('w3c-ccg-did-method-web', 'DERIVED-did-to-url-vectors.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').slice(0, 2) as [string, string]);

  it.each(rows)('%s resolves to %s', (did, url) => {
    expect(didWebUrl(did)).toBe(url);
  });

  it('the real vckit DID resolves to where its document is served', () => {
    const document = materialJson<DidDocument>('did-web-uncefact-vckit', 'test-and-development-did.json');
    expect(didWebUrl(document.id)).toBe(
      'https://uncefact.github.io/project-vckit/test-and-development/did.json',
    );
  });

  it('a workspace DID resolves to its did.json, port included', () => {
    const did = didWebFor('https://localhost:8443', 'acme');
    expect(did).toBe('did:web:localhost%3A8443:tenants:acme');
    expect(didWebUrl(did)).toBe('https://localhost:8443/tenants/acme/did.json');
  });

  it('our document has the members of the spec example, and assertion keys are found as in a real document', () => {
    const example = materialJson<Json & { verificationMethod: Json[] }>(
      'w3c-ccg-did-method-web',
      'spec-example-1-example-did-web-did-document-using-json-web-keys.json',
    );
    const key = generateSigningKey('k1');
    const did = didWebFor('https://example.com', 'acme');
    const ours = didDocument({
      did,
      keys: [{ kid: 'k1', publicJwk: key.publicJwk, active: true }],
      resolverUrl: 'https://example.com',
    });
    expect(ours['@context'][0]).toBe((example['@context'] as string[])[0]);
    for (const member of ['id', 'verificationMethod', 'authentication', 'assertionMethod'])
      expect(ours).toHaveProperty(member);
    expect(Object.keys(ours.verificationMethod[0] as object).sort()).toEqual(
      Object.keys(example.verificationMethod[0] as object).sort(),
    );
    const vckit = materialJson<DidDocument>('did-web-uncefact-vckit', 'test-and-development-did.json');
    const id = vckit.assertionMethod.find((method) => method.endsWith('-JsonWebKey-key-0')) as string;
    expect(assertionKey(vckit, id)).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(assertionKey(vckit, `${vckit.id}#missing`)).toBeNull();
  });
});
