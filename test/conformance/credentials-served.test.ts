// The credentials the node serves on public resolution (not only those the domain builds) validate
// against the UNTP DPP JSON Schema of the release we target: passports in the public and owner
// tiers, as vc+jwt payloads and Data Integrity documents, and a unit's item-level credential.
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { UNTP_DPP_VERSION } from '../../src/domain/credentials/untp.ts';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace, testApp } from '../helpers/app.ts';
import { createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { materialJson } from './material.ts';

const formats = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formats.default ?? formats;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const RELEASE = `uncefact-untp-dpp-${UNTP_DPP_VERSION}`;
const validate = ajv.compile(
  materialJson<object>(RELEASE, 'data-models', 'untp-dpp', 'artefacts', 'untp-dpp-schema.json'),
);

function schemaErrors(credential: unknown) {
  return validate(credential) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const host = new URL(BASE_URL).host;

describe(`served credentials against the UNTP DPP ${UNTP_DPP_VERSION} schema`, () => {
  let app: App;
  let workspace: TestWorkspace;
  let urls: string[];
  beforeAll(async () => {
    app = await testApp();
    workspace = await createWorkspace(app);
    const operator = await createOperator(app, workspace);
    const facility = await createFacility(app, workspace, { operatorId: operator.id });
    const passport = await createPassport(app, workspace.token, { facilityId: facility.id });
    const unit = await createUnit(app, workspace.token, passport.id);
    urls = [`/passport/${passport.id}`, `/unit/${unit.id}`];
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });

  it('validates every vc+jwt payload and Data Integrity document, public and owner', async () => {
    let checked = 0;
    for (const url of urls) {
      for (const tier of [{}, bearer(workspace.token)]) {
        const jwt = await get(url, { accept: 'application/vc+jwt', ...tier });
        expect(jwt.statusCode).toBe(200);
        const payload = JSON.parse(Buffer.from(jwt.body.split('.')[1] as string, 'base64url').toString());
        expect(schemaErrors(payload), `${url} vc+jwt`).toEqual([]);
        const ld = await get(url, { accept: 'application/vc+ld+json', ...tier });
        expect(ld.statusCode).toBe(200);
        const { proof: _proof, ...document } = ld.json();
        expect(schemaErrors(document), `${url} vc+ld+json`).toEqual([]);
        checked += 2;
      }
    }
    expect(checked).toBe(8);
  });
});
