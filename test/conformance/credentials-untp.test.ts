// Every passport credential we build validates against the UNTP DPP JSON Schema of the release we
// target (read from the conformance material): each category's example passport, the public view
// of it, and a serialised unit. The schema pins the context URL, so this also pins the version.
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ACCESS_TIERS, SCHEMA_CATEGORIES } from '../../src/domain/categories/types.ts';
import { didWebFor } from '../../src/domain/credentials/did-web.ts';
import { buildDppCredential } from '../../src/domain/credentials/dpp-credential.ts';
import {
  ALL_CATEGORIES,
  BASE_URL,
  passportDocument,
  TENANT_ID,
} from '../../src/domain/credentials/fixtures.ts';
import { credentialContextUrl } from '../../src/domain/credentials/metadata-context.ts';
import { UNTP_DPP_CONTEXT, UNTP_DPP_VERSION } from '../../src/domain/credentials/untp.ts';
import { tierView } from '../../src/domain/passports/tier-view.ts';
import { materialJson } from './material.ts';

const formats = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formats.default ?? formats;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const RELEASE = `uncefact-untp-dpp-${UNTP_DPP_VERSION}`;
const ARTEFACTS = ['data-models', 'untp-dpp', 'artefacts'];
const validate = ajv.compile(materialJson<object>(RELEASE, ...ARTEFACTS, 'untp-dpp-schema.json'));

const did = didWebFor(BASE_URL, TENANT_ID);
// As the node issues them: one entry in the revocation list and one in the suspension list.
const statusEntry = (['revocation', 'suspension'] as const).map((purpose) => ({
  listUrl: `${BASE_URL}/tenants/${TENANT_ID}/status/${purpose}`,
  index: 94567,
  purpose,
}));

function schemaErrors(credential: unknown) {
  return validate(credential) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe(`UNTP DPP ${UNTP_DPP_VERSION} schema`, () => {
  it('accepts the release sample (the validator is the one the release means)', () => {
    expect(schemaErrors(materialJson(RELEASE, ...ARTEFACTS, 'untp-dpp-instance.json'))).toEqual([]);
  });

  it('names the same context URL as the release sample', () => {
    const sample = materialJson<{ '@context': string[] }>(RELEASE, ...ARTEFACTS, 'untp-dpp-instance.json');
    expect(sample['@context']).toContain(UNTP_DPP_CONTEXT);
  });

  it.each([...ALL_CATEGORIES])('accepts the owner credential of a %s passport', (category) => {
    const credential = buildDppCredential({
      passport: passportDocument(category),
      tier: 'owner',
      issuerDid: did,
      metadataContextUrl: credentialContextUrl(BASE_URL),
      statusEntry,
      validFrom: '2026-03-02T10:00:00Z',
      version: 3,
    });
    expect(schemaErrors(credential)).toEqual([]);
  });

  it.each([...ALL_CATEGORIES])(
    'accepts a %s credential whose document has no metadata at all',
    (category) => {
      const credential = buildDppCredential({
        passport: {
          ...passportDocument(category),
          metadata: {},
          manufacturingFacility: null,
          originCountry: null,
        },
        tier: 'public',
        issuerDid: did,
        metadataContextUrl: credentialContextUrl(BASE_URL),
        statusEntry,
        validFrom: '2026-03-02T10:00:00.123Z',
      });
      expect(schemaErrors(credential)).toEqual([]);
    },
  );

  it.each(SCHEMA_CATEGORIES.flatMap((category) => ACCESS_TIERS.map((tier) => [category, tier] as const)))(
    'accepts the %s credential built from the %s tier view',
    (category, tier) => {
      const view = tierView(passportDocument(category), tier, {
        requestAccessUrl: `${BASE_URL}/request-access/x`,
      });
      const credential = buildDppCredential({
        passport: view as never,
        tier,
        issuerDid: did,
        metadataContextUrl: credentialContextUrl(BASE_URL),
        statusEntry,
        validFrom: '2026-03-02T10:00:00Z',
      });
      expect(schemaErrors(credential)).toEqual([]);
    },
  );

  it('accepts the credential of a serialised battery unit, with its passport and unit status entries', () => {
    const credential = buildDppCredential({
      passport: passportDocument('batteries'),
      tier: 'legitimate-interest',
      unit: {
        id: '0a5b2a54-8f3e-4c61-9d0e-55e4b1f0c001',
        serialNumber: 'SN-000042',
        digitalLinkUri: `${BASE_URL}/01/09520123456788/21/SN-000042`,
        unitUrl: `${BASE_URL}/unit/0a5b2a54-8f3e-4c61-9d0e-55e4b1f0c001`,
        manufacturedAt: '2026-02-01T08:00:00.000Z',
      },
      issuerDid: did,
      metadataContextUrl: credentialContextUrl(BASE_URL),
      statusEntry: statusEntry.map((entry) => ({ ...entry, index: 1024 })),
      validFrom: '2026-03-02T10:00:00Z',
    });
    expect(schemaErrors(credential)).toEqual([]);
    expect(credential.credentialSubject.granularityLevel).toBe('item');
  });

  it('refuses our credential once its context names another release (the check has teeth)', () => {
    const credential = buildDppCredential({
      passport: passportDocument('batteries'),
      tier: 'owner',
      issuerDid: did,
      metadataContextUrl: credentialContextUrl(BASE_URL),
      statusEntry,
      validFrom: '2026-03-02T10:00:00Z',
    });
    credential['@context'][1] = 'https://test.uncefact.org/vocabulary/untp/dpp/0.6.0/';
    expect(schemaErrors(credential)).not.toEqual([]);
  });
});
