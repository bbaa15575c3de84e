// Passport forms without a browser: the form generated from a category schema, the form's fields
// mapped to the passports API (numbers, booleans, blank items, JSON areas), the validator's messages
// shown in the page's language beside their fields, editing, the grant-holder tiers and the label.
import { beforeAll, describe, expect, it } from 'vitest';
import { validToys } from '../../src/domain/categories/rules/toys.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';
import { createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const errorOf = (html: string, id: string) =>
  new RegExp(`id="${id.replaceAll('.', '\\.')}-error">([^<]*)<`).exec(html)?.[1];

const decoded = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The fields a form would post as shown: inputs (checked boxes only), selected options, text areas. */
function shownFields(html: string): [string, string][] {
  const fields: [string, string][] = [];
  const pattern =
    /<input([^>]*)>|<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>|<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g;
  for (const match of html.matchAll(pattern)) {
    const [, input, selectName, options, areaName, area] = match;
    if (input !== undefined) {
      const name = /name="([^"]+)"/.exec(input)?.[1];
      if (!name || name === '_csrf' || (/type="checkbox"/.test(input) && !/ checked/.test(input))) continue;
      fields.push([name, decoded(/value="([^"]*)"/.exec(input)?.[1] ?? '')]);
    } else if (selectName !== undefined) {
      fields.push([selectName, decoded(/<option value="([^"]*)" selected>/.exec(options ?? '')?.[1] ?? '')]);
    } else if (areaName !== undefined) {
      fields.push([areaName, decoded(area ?? '')]);
    }
  }
  return fields;
}

describe('passport forms in the console', () => {
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
    csrf = csrfIn(
      (await app.inject({ method: 'GET', url: '/console/passports/new', headers: { cookie } })).body,
    );
  });

  const post = (url: string, fields: [string, string][], lang = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, cookie, 'accept-language': lang },
      payload: new URLSearchParams([['_csrf', csrf], ...fields]).toString(),
    });

  it('offers the categories, then a form generated from the chosen schema', async () => {
    const chooser = await app.inject({ method: 'GET', url: '/console/passports/new', headers: { cookie } });
    expect(chooser.statusCode).toBe(200);
    expect(chooser.body).toContain('<option value="textiles">');
    expect(chooser.body).toContain('<option value="toys">');
    const form = await app.inject({
      method: 'GET',
      url: '/console/passports/new?category=textiles&start=form',
      headers: { cookie },
    });
    expect(form.statusCode).toBe(200);
    // A string field labelled by its title, an enum as a select, a number as a number input, an
    // optional boolean as a three-way select, a nested object as a fieldset.
    expect(form.body).toMatch(/<label for="f\.metadata\.productInformation\.productName">Product name/);
    expect(form.body).toContain('<select id="f.metadata.fibreComposition.0.fibre"');
    expect(form.body).toMatch(/name="\/metadata\/fibreComposition\/0\/share" type="number" step="any"/);
    expect(form.body).toMatch(
      /<select id="f\.metadata\.fibreComposition\.0\.recycled"[^>]*><option value="" selected>Not stated/,
    );
    expect(form.body).toContain('<fieldset id="f.metadata.careInstructions"');
    // Lists of groups holding groups and lists (hazardous substances) are repeated field groups
    // too, each item with a button that removes it: no JSON to write.
    const batteries = await app.inject({
      method: 'GET',
      url: '/console/passports/new?category=batteries&start=form',
      headers: { cookie },
    });
    expect(batteries.body).toContain('<fieldset id="f.metadata.materialComposition.hazardousSubstances"');
    expect(batteries.body).toContain(
      'name="/metadata/materialComposition/hazardousSubstances/0/hazardClasses/0"',
    );
    expect(batteries.body).toContain(
      'name="_remove" value="/metadata/materialComposition/hazardousSubstances/0"',
    );
    expect(batteries.body).not.toContain('<textarea id="f.metadata.materialComposition.hazardousSubstances"');
    const toys = await app.inject({
      method: 'GET',
      url: '/console/passports/new?category=toys&start=form',
      headers: { cookie },
    });
    expect(toys.body).toContain('<textarea id="f.metadata" name="/metadata"');
    const unknown = await app.inject({
      method: 'GET',
      url: '/console/passports/new?category=spaceships',
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('shows the validator’s messages in the page’s language beside each field, with what was typed', async () => {
    const refused = await post(
      '/console/passports/new',
      [
        ['category', 'textiles'],
        ['/productId', 'SKU-FORM-1'],
        ['/metadata/productInformation/productName', 'Wool scarf'],
        ['/metadata/fibreComposition/0/fibre', 'WOOL'],
        ['/metadata/fibreComposition/0/share', '150'],
        ['/metadata/careInstructions/washing', 'WASH_30'],
      ],
      'de',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('<html lang="de">');
    // A missing field is named by its label and told what to do, in the page's language.
    expect(errorOf(refused.body, 'f.metadata.productInformation.productType')).toContain(
      'fehlt: bitte ausfüllen',
    );
    expect(errorOf(refused.body, 'f.metadata.fibreComposition.0.share')).toMatch(/muss .*100/);
    expect(refused.body).toContain('value="Wool scarf"');
    expect(refused.body).toMatch(/<option value="WOOL" selected>/);
    expect(refused.body).toContain('aria-invalid="true"');
    expect(refused.body).toContain('href="#f.metadata.productInformation.productType"');
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/passports?q=SKU-FORM-1',
      headers: bearer(workspace.token),
    });
    expect(list.json().total).toBe(0);
  });

  it('keeps a JSON area that does not parse, and adds blank items on request without saving', async () => {
    const badJson = await post('/console/passports/new', [
      ['category', 'toys'],
      ['/productId', 'SKU-FORM-2'],
      ['/metadata', '{ "ceMarking": tru'],
    ]);
    expect(badJson.statusCode).toBe(400);
    expect(errorOf(badJson.body, 'f.metadata')).toBe('This is not valid JSON.');
    expect(badJson.body).toContain('{ &quot;ceMarking&quot;: tru</textarea>');
    const added = await post('/console/passports/new', [
      ['category', 'textiles'],
      ['/metadata/fibreComposition/0/fibre', 'SILK'],
      ['_add', '/metadata/fibreComposition'],
    ]);
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain('name="/metadata/fibreComposition/2/share"');
    expect(added.body).not.toContain('name="/metadata/fibreComposition/3/share"');
    expect(added.body).toContain('<input type="hidden" name="_more" value="/metadata/fibreComposition">');
  });

  it('answers forged field names and shapes with the form, never a server error', async () => {
    const forged = await post('/console/passports/new', [
      ['category', 'textiles'],
      ['/metadata/__proto__/polluted', 'yes'],
      ['/metadata/constructor/prototype/polluted', 'yes'],
      ['/metadata/fibreComposition/99999999/share', '1'],
      ['/metadata/productInformation/productName', 'Scarf'],
      ['/metadata/productInformation/productName/deeper', '"x"'],
      ['/metadata/fibreComposition/-1/fibre', 'WOOL'],
      ['/metadata/careInstructions', '[1, 2'],
      ['_add', '/metadata/nowhere'],
    ]);
    expect(forged.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const refused = await post('/console/passports/new', [
      ['category', 'textiles'],
      ['/metadata/productInformation', '"not an object"'],
      ['/metadata/fibreComposition/0/share', 'many'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body, 'f.metadata.fibreComposition.0.share')).toContain('share');
    expect(refused.body).toContain('value="many"');
    const noCategory = await post('/console/passports/new', [['category', 'spaceships']]);
    expect(noCategory.statusCode).toBe(400);
    const forgedEdit = await post('/console/passports/not-a-passport/edit', [['/productId', 'x']]);
    expect(forgedEdit.statusCode).toBe(404);
  });

  it('maps the form onto the API: numbers, booleans, blank items left out, JSON areas parsed', async () => {
    const productId = newGtin13();
    const created = await post('/console/passports/new', [
      ['category', 'textiles'],
      ['/productId', productId],
      ['/originCountry', 'PT'],
      ['/granularity', 'model'],
      ['/status', 'DRAFT'],
      ['/metadata/productInformation/productName', 'Linen shirt'],
      ['/metadata/productInformation/productType', 'Shirt'],
      ['/metadata/productInformation/brand', ''],
      ['/metadata/fibreComposition/0/fibre', 'FLAX'],
      ['/metadata/fibreComposition/0/share', '100'],
      ['/metadata/fibreComposition/0/recycled', 'false'],
      ['/metadata/fibreComposition/1/fibre', ''],
      ['/metadata/fibreComposition/1/share', ''],
      ['/metadata/nonTextilePartsOfAnimalOrigin', 'true'],
      ['/metadata/careInstructions/washing', 'WASH_40'],
      ['/metadata/careInstructions/professionalCleaning/0', ''],
      ['/metadata/careInstructions/professionalCleaning/1', 'DRY_CLEAN_P'],
      ['/metadata/durability/expectedWashCycles', '40'],
    ]);
    expect(created.statusCode, created.body).toBe(303);
    const id =
      /\/console\/passports\/([^/?]+)\?done=created$/.exec(String(created.headers.location))?.[1] ?? '';
    expect(id).not.toBe('');
    const landed = await app.inject({
      method: 'GET',
      url: `/console/passports/${id}?done=created`,
      headers: { cookie },
    });
    expect(landed.body).toContain('role="status">Done: the passport was created.');
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${id}`,
      headers: bearer(workspace.token),
    });
    const passport = read.json();
    expect(passport).toMatchObject({
      productId: `0${productId}`,
      originCountry: 'PT',
      status: 'DRAFT',
      category: 'textiles',
    });
    expect(passport.metadata).toEqual({
      productInformation: { productName: 'Linen shirt', productType: 'Shirt' },
      fibreComposition: [{ fibre: 'FLAX', share: 100, recycled: false }],
      nonTextilePartsOfAnimalOrigin: true,
      careInstructions: { washing: 'WASH_40', professionalCleaning: ['DRY_CLEAN_P'] },
      durability: { expectedWashCycles: 40 },
    });
  });

  it('takes a GTIN in any spelling, and shows beside productId why one written like a GTIN is none', async () => {
    const toy = (productId: string) =>
      post('/console/passports/new', [
        ['category', 'toys'],
        ['/productId', productId],
        ['/metadata', JSON.stringify(validToys)],
      ]);
    const gtin13 = newGtin13();
    const created = await toy(`https://id.gs1.org/01/0${gtin13}`);
    expect(created.statusCode, created.body).toBe(303);
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/0${gtin13}`,
      headers: bearer(workspace.token),
    });
    expect(read.statusCode).toBe(200);
    const refused = await toy('1234567890');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body, 'f.productId')).toEqual(expect.any(String));
    expect(refused.body).toContain('value="1234567890"');
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/passports?q=1234567890',
      headers: bearer(workspace.token),
    });
    expect(list.json().total).toBe(0);
  });

  it('edits a passport: the form comes filled in, and the change goes through PUT with its reason', async () => {
    const passport = await createPassport(app, workspace.token);
    const edit = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}/edit?section=all`,
      headers: { cookie },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const metadata = passport.metadata as Record<string, Record<string, unknown>>;
    const model = String(metadata.batteryIdentification?.batteryModel ?? '');
    expect(edit.body).toContain(`value="${passport.productId}"`);
    // Every field the form shows is sent back as shown, with one change.
    const fields = shownFields(edit.body);
    expect(fields.length).toBeGreaterThan(10);
    const answer = await app.inject({
      method: 'POST',
      url: `/console/passports/${passport.id}/edit`,
      headers: { ...FORM, cookie },
      payload: new URLSearchParams([
        ['_csrf', csrf],
        ...fields.filter(([name]) => name !== '/changeReason'),
        ['/changeReason', 'Corrected the model name'],
        ...(model
          ? [['/metadata/batteryIdentification/batteryModel', `${model} rev. B`] as [string, string]]
          : []),
      ]).toString(),
    });
    expect(answer.statusCode, answer.body.slice(0, 3000)).toBe(303);
    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}/history`,
      headers: bearer(workspace.token),
    });
    expect(history.json().versions[0].changeReason).toBe('Corrected the model name');
  });

  it('shows the grant-holder tiers and downloads the label', async () => {
    const passport = await createPassport(app, workspace.token);
    const view = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}`,
      headers: { cookie },
    });
    expect(view.statusCode).toBe(200);
    // Each grant holder's tier is a view of its own, rendered as the public page renders it.
    for (const tier of ['legitimate-interest', 'authority']) {
      expect(view.body).toContain(`/console/passports/${passport.id}?tier=${tier}#tier-view`);
      const shown = await app.inject({
        method: 'GET',
        url: `/console/passports/${passport.id}?tier=${tier}`,
        headers: { cookie },
      });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('<div class="public-data"><details>');
    }
    expect(view.body).toContain('id="differences"');
    expect(view.body).toContain(`href="/console/passports/${passport.id}/label"`);
    const label = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}/label`,
      headers: { cookie },
    });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/zip');
    expect(label.headers['content-disposition']).toContain('attachment');
    expect(label.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(label.rawPayload.includes('manifest.csv')).toBe(true);
    const missing = await app.inject({
      method: 'GET',
      url: '/console/passports/00000000-0000-4000-8000-000000000000/label',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
