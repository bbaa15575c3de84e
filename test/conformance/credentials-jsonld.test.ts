// Our credentials are valid JSON-LD under the contexts they name: expanded offline (the W3C VC 2.0
// context and the UNTP release's context, read from the conformance material) in jsonld's safe
// mode, which throws on any term it would drop or any value it cannot interpret.
import jsonld, { type JsonLdDocument, type Options } from 'jsonld';
import { describe, expect, it } from 'vitest';
import { signDataIntegrity } from '../../src/domain/credentials/data-integrity.ts';
import { didWebFor } from '../../src/domain/credentials/did-web.ts';
import { buildDppCredential } from '../../src/domain/credentials/dpp-credential.ts';
import {
  ALL_CATEGORIES,
  BASE_URL,
  passportDocument,
  TENANT_ID,
} from '../../src/domain/credentials/fixtures.ts';
import {
  credentialContextUrl,
  credentialMetadataContext,
} from '../../src/domain/credentials/metadata-context.ts';
import { statusListCredential } from '../../src/domain/credentials/status-list.ts';
import { UNTP_DPP_CONTEXT, UNTP_DPP_VERSION, VC_V2_CONTEXT } from '../../src/domain/credentials/untp.ts';
import { generateSigningKey } from '../../src/domain/crypto/keys.ts';
import { materialJson } from './material.ts';

const CONTEXTS: Record<string, unknown> = {
  [credentialContextUrl(BASE_URL)]: credentialMetadataContext(BASE_URL),
  [VC_V2_CONTEXT]: materialJson('w3c-vc-data-model-contexts', 'credentials-v2.jsonld'),
  [UNTP_DPP_CONTEXT]: materialJson(
    `uncefact-untp-dpp-${UNTP_DPP_VERSION}`,
    'data-models',
    'untp-dpp',
    'artefacts',
    'context.jsonld',
  ),
};

const documentLoader = async (url: string) => {
  const document = CONTEXTS[url];
  if (!document) throw new Error(`no offline copy of ${url}`);
  return { contextUrl: undefined, documentUrl: url, document };
};

async function expandSafely(document: object): Promise<unknown[]> {
  const options = { documentLoader, safe: true } as unknown as Options.Expand;
  return jsonld.expand(document as JsonLdDocument, options);
}

const did = didWebFor(BASE_URL, TENANT_ID);
const LIST = `${BASE_URL}/tenants/${TENANT_ID}/status/revocation`;
const SUSPENSION_LIST = `${BASE_URL}/tenants/${TENANT_ID}/status/suspension`;

describe('JSON-LD expansion of our credentials (safe mode, offline)', () => {
  it.each([...ALL_CATEGORIES])('the %s credential, signed with Data Integrity, expands', async (category) => {
    const credential = buildDppCredential({
      passport: passportDocument(category),
      tier: 'owner',
      issuerDid: did,
      metadataContextUrl: credentialContextUrl(BASE_URL),
      statusEntry: [
        { listUrl: LIST, index: 5, purpose: 'revocation' },
        { listUrl: SUSPENSION_LIST, index: 5, purpose: 'suspension' },
      ],
      validFrom: '2026-03-02T10:00:00Z',
    });
    const expanded = await expandSafely(signDataIntegrity(credential, generateSigningKey('k1')));
    expect(expanded).toHaveLength(1);
    expect(JSON.stringify(expanded)).toContain(
      'https://test.uncefact.org/vocabulary/untp/dpp/0/DigitalProductPassport',
    );
    // The category metadata survives whole, as a JSON literal under our term.
    expect(JSON.stringify(expanded)).toContain(`"${BASE_URL}/ns/dpp#metadata":[{"@type":"@json","@value":{`);
  });

  it.each([
    [LIST, 'revocation'],
    [SUSPENSION_LIST, 'suspension'],
  ] as const)('the status list credential %s expands', async (listUrl, purpose) => {
    const list = statusListCredential({
      listUrl,
      issuerDid: did,
      encodedList: 'uAAAA',
      validFrom: '2026-01-01T00:00:00Z',
      purpose,
    });
    await expect(expandSafely(list)).resolves.toHaveLength(1);
  });

  it('safe mode does refuse a term no context defines (the check has teeth)', async () => {
    await expect(
      expandSafely({ '@context': { name: 'https://schema.org/name' }, nope: 1 }),
    ).rejects.toThrow();
  });
});
