// Starting a passport in the console and finishing it in sections: from the category's example, a
// copy or an uploaded file (JSON or AAS), saved as a partial draft at every step, every missing field
// listed at once beside its section, inputs mended where they can be, German field labels, publish.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('starting and finishing a passport in the console', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await createOperator(app, workspace);
    await addMember(app, workspace, 'ada@example.com');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/console/sign-in',
      headers: FORM,
      payload: new URLSearchParams({
        workspace: workspace.subdomain,
        email: 'ada@example.com',
        password: PASSWORD,
      }).toString(),
    });
    cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
    csrf = csrfIn((await get('/console/passports/new')).body);
  });

  function get(url: string, lang = 'en') {
    return app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': lang } });
  }
  const post = (url: string, fields: [string, string][], lang = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, cookie, 'accept-language': lang },
      payload: new URLSearchParams([['_csrf', csrf], ...fields]).toString(),
    });
  const read = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/v1/passports/${id}`, headers: bearer(workspace.token) })
    ).json();
  const idOf = (location: unknown) => /passports\/([0-9a-f-]{36})\//.exec(String(location))?.[1] as string;

  it('starts from the example as a draft whose example values stop publishing until confirmed', async () => {
    const start = await get('/console/passports/new?category=batteries');
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('id="start-example"');
    const gtin = newGtin13();
    const made = await post('/console/passports/new', [
      ['category', 'batteries'],
      ['_start', 'example'],
      ['/productId', gtin],
      ['/originCountry', 'de'],
    ]);
    expect(made.statusCode, made.body).toBe(303);
    const id = idOf(made.headers.location);
    const stored = await read(id);
    expect(stored.status).toBe('DRAFT');
    expect(stored.originCountry).toBe('DE');
    expect(stored.metadata.generalInformation.productIdentifier).toBe(`(01)0${gtin}`);

    // Every value of the example is marked, none of the operator's own.
    const marked = stored.unconfirmed as { path: string; origin: string }[];
    expect(marked.length).toBeGreaterThan(50);
    expect(new Set(marked.map((marker) => marker.origin))).toEqual(new Set(['example']));
    expect(marked.map((marker) => marker.path)).toContain('/metadata/carbonFootprint/total');
    expect(marked.some((marker) => marker.path.includes('/economicOperator/'))).toBe(false);

    const first = await get(String(made.headers.location));
    expect(first.body).toContain('id="progress"');
    expect(first.body).not.toContain('Nothing is missing');
    expect(first.body).not.toContain('id="publish"');
    expect(first.body).toContain('example value: confirm or change');
    // Each section is confirmed in one click; then the draft can be published.
    const sections = [...new Set(marked.map((marker) => marker.path.split('/')[2] as string))];
    for (const section of sections) {
      const confirmed = await post(`/console/passports/${id}/confirm`, [['section', section]]);
      expect(confirmed.statusCode, confirmed.body).toBe(303);
      expect(String(confirmed.headers.location)).toContain(`section=${section}&done=confirmed`);
    }
    expect((await read(id)).unconfirmed).toBeUndefined();
    const last = await get(String(made.headers.location));
    expect(last.body).toContain('Nothing is missing');
    expect(last.body).toContain('id="publish"');
  });

  it('keeps a half-done draft, lists every missing field at once, and links each to its section', async () => {
    const made = await post('/console/passports/new', [
      ['category', 'batteries'],
      ['_start', 'blank'],
      ['/productId', newGtin13()],
    ]);
    expect(made.statusCode, made.body).toBe(303);
    const id = idOf(made.headers.location);
    const edit = `/console/passports/${id}/edit`;
    const page = await get(`${edit}?section=performance`);
    // Not "performance is required" and then, later, its four fields: the four at once.
    for (const field of ['ratedCapacity', 'minimumVoltage', 'nominalVoltage', 'maximumVoltage'])
      expect(page.body).toContain(`href="#f.metadata.performance.${field}"`);
    expect(page.body).toContain(
      `href="${edit}?section=generalInformation#f.metadata.generalInformation.batteryMass"`,
    );
    expect(page.body).not.toContain('id="publish"');

    // A section saved on its own, with a decimal comma in German and a country in lower case.
    const saved = await post(
      edit,
      [
        ['category', 'batteries'],
        ['_section', 'performance'],
        ['_next', 'carbonFootprint'],
        ['_go', 'next'],
        ['/metadata/performance/ratedCapacity', '12,5'],
        ['/metadata/performance/minimumVoltage', '2,5'],
      ],
      'de',
    );
    expect(saved.statusCode, saved.body).toBe(303);
    expect(String(saved.headers.location)).toContain('section=carbonFootprint');
    expect((await read(id)).metadata.performance).toEqual({ ratedCapacity: 12.5, minimumVoltage: 2.5 });
    const place = await post(edit, [
      ['category', 'batteries'],
      ['_section', 'generalInformation'],
      ['_go', 'stay'],
      ['/metadata/generalInformation/manufacturingPlace/countryCode', 'pt'],
      ['/metadata/generalInformation/manufacturingPlace/facilityIdentifier', 'x'],
    ]);
    expect(place.statusCode, place.body).toBe(303);
    const stored = await read(id);
    expect(stored.metadata.generalInformation.manufacturingPlace.countryCode).toBe('PT');
    expect(stored.metadata.performance.ratedCapacity).toBe(12.5);

    // A country posted by its name, in any language of the service, is its code, never cut to two letters.
    const named = await post(edit, [
      ['category', 'batteries'],
      ['_section', 'generalInformation'],
      ['_go', 'stay'],
      ['/metadata/generalInformation/manufacturingPlace/countryCode', 'Deutschland'],
      ['/metadata/generalInformation/manufacturingPlace/facilityIdentifier', 'x'],
    ]);
    expect(named.statusCode, named.body).toBe(303);
    expect((await read(id)).metadata.generalInformation.manufacturingPlace.countryCode).toBe('DE');

    // A value that cannot be mended is refused, with the form it should have.
    const wrong = await post(edit, [
      ['category', 'batteries'],
      ['_section', 'generalInformation'],
      ['_go', 'stay'],
      ['/metadata/generalInformation/manufacturingPlace/countryCode', 'Atlantis'],
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Expected: Country of the facility as ISO 3166-1 alpha-2 code.');

    // Publishing the half-done draft is refused by the API with every missing field.
    const publish = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${id}/status`,
      headers: bearer(workspace.token),
      payload: { status: 'ACTIVE' },
    });
    expect(publish.statusCode).toBe(400);
  });

  it('labels the fields in German where translated', async () => {
    const made = await post('/console/passports/new', [
      ['category', 'batteries'],
      ['_start', 'example'],
      ['/productId', newGtin13()],
    ]);
    const page = await get(
      `/console/passports/${idOf(made.headers.location)}/edit?section=performance`,
      'de',
    );
    expect(page.body).toContain('Nennkapazität');
    expect(page.body).toContain('Leistung und Haltbarkeit');
  });

  it('copies a passport of the same category without its product identifier', async () => {
    const original = await createPassport(app, workspace.token);
    const made = await post('/console/passports/new', [
      ['category', 'batteries'],
      ['_start', 'copy'],
      ['copyFrom', original.id],
      ['/productId', 'ART-4711'],
    ]);
    expect(made.statusCode, made.body).toBe(303);
    const copy = await read(idOf(made.headers.location));
    const expected = batteryMetadata();
    expect(copy.metadata.performance).toEqual(expected.performance);
    expect(copy.metadata.generalInformation.productIdentifier).toBeUndefined();
    // Every field is kept, the country of origin too, each marked as copied until confirmed.
    expect(copy.originCountry).toBe(original.originCountry);
    const marked = copy.unconfirmed as { path: string; origin: string }[];
    expect(marked).toContainEqual({ path: '/originCountry', origin: 'copied' });
    expect(marked).toContainEqual({ path: '/metadata/performance/ratedCapacity', origin: 'copied' });
    const envelope = await get(`/console/passports/${copy.id}/edit?section=passport`);
    expect(envelope.body).toContain('copied value: confirm or change');
    expect(envelope.body).toContain('id="confirm-section"');
    // Its own article number is no GS1 key: an advisory beside the checklist, which does not block.
    const edit = await get(`/console/passports/${copy.id}/edit`);
    expect(edit.body).toContain('id="advisories"');
    expect(edit.body.slice(edit.body.indexOf('id="advisories"'))).toContain('ART-4711');
  });

  it('creates a draft from an uploaded AAS environment and from bare metadata', async () => {
    // A draft's environment, the draft then deleted: its product is free for the uploaded one.
    const source = await createPassport(app, workspace.token, { status: 'DRAFT' });
    const aas = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${source.id}`,
      headers: { ...bearer(workspace.token), accept: 'application/aas+json' },
    });
    expect(aas.statusCode, aas.body).toBe(200);
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/v1/passports/${source.id}`,
      headers: bearer(workspace.token),
    });
    expect(gone.statusCode).toBe(204);
    const environment = JSON.parse(aas.body);
    const upload = (file: string, productId: string) => {
      const boundary = '----opendpp-test';
      const part = (name: string, value: string, filename?: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: application/json\r\n' : ''}\r\n${value}\r\n`;
      return app.inject({
        method: 'POST',
        url: '/console/passports/upload',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${part('_csrf', csrf)}${part('category', 'batteries')}${part('productId', productId)}${part('file', file, 'p.json')}--${boundary}--\r\n`,
      });
    };
    const fromMetadata = await upload(JSON.stringify(batteryMetadata()), newGtin13());
    expect(fromMetadata.statusCode, fromMetadata.body).toBe(303);
    expect((await read(idOf(fromMetadata.headers.location))).status).toBe('DRAFT');

    const fromAas = await upload(JSON.stringify(environment), '');
    expect(fromAas.statusCode, fromAas.body).toBe(303);
    const uploaded = await read(idOf(fromAas.headers.location));
    expect(uploaded.status).toBe('DRAFT');
    expect(uploaded.productId).toBe(source.productId);
    expect(uploaded.metadata.performance).toEqual(batteryMetadata().performance);

    const again = await upload(JSON.stringify(environment), '');
    expect(again.statusCode).toBe(409);

    const junk = await upload('not json', newGtin13());
    expect(junk.statusCode).toBe(400);
    expect(junk.body).toContain('neither passport JSON');
  });
});
