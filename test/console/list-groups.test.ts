// Lists of groups in the passport form without a browser: a battery's hazardous substances are
// edited as field groups posted by indexed names; an item's Remove button shows the form again
// without it and saves nothing; the next save stores the list without it.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';
import { batteryMetadata, createOperator } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const decoded = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The fields a form posts as shown: inputs (checked boxes only) and selected options. */
function shownFields(html: string): [string, string][] {
  const form = /<form class="passport-form"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  const fields: [string, string][] = [];
  const pattern = /<input([^>]*)>|<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g;
  for (const [, input, selectName, options] of form.matchAll(pattern)) {
    if (input !== undefined) {
      const name = /name="([^"]+)"/.exec(input)?.[1];
      if (!name || name === '_csrf' || (/type="checkbox"/.test(input) && !/ checked/.test(input))) continue;
      fields.push([name, decoded(/value="([^"]*)"/.exec(input)?.[1] ?? '')]);
    } else if (selectName !== undefined) {
      fields.push([selectName, decoded(/<option value="([^"]*)" selected>/.exec(options ?? '')?.[1] ?? '')]);
    }
  }
  return fields;
}

describe('lists of groups in the passport form', () => {
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

  const post = (url: string, fields: [string, string][]) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, cookie },
      payload: new URLSearchParams([['_csrf', csrf], ...fields]).toString(),
    });
  const read = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/v1/passports/${id}`, headers: bearer(workspace.token) })
    ).json();

  it('removes an item by its button, then saves the list without it', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/passports?partial=true',
      headers: bearer(workspace.token),
      payload: {
        productId: 'SKU-LIST-1',
        category: 'batteries',
        status: 'DRAFT',
        metadata: batteryMetadata(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().passport.id as string;
    const held = (await read(id)).metadata.materialComposition.hazardousSubstances as { name: string }[];
    expect(held.length).toBeGreaterThan(0);
    const edit = `/console/passports/${id}/edit?section=materialComposition`;
    const page = await app.inject({ method: 'GET', url: edit, headers: { cookie } });
    const fields = shownFields(page.body);
    const first = '/metadata/materialComposition/hazardousSubstances/0';
    expect(fields.find(([name]) => name === `${first}/name`)?.[1]).toBe(held[0]?.name);

    const removed = await post(edit, [...fields, ['_remove', first]]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await read(id)).metadata.materialComposition.hazardousSubstances).toHaveLength(held.length);
    const again = shownFields(removed.body);
    expect(again.find(([name]) => name === `${first}/name`)?.[1] ?? '').toBe(held[1]?.name ?? '');

    const saved = await post(edit, [...again, ['_go', 'stay']]);
    expect(saved.statusCode, saved.body.slice(0, 3000)).toBe(303);
    const stored = (await read(id)).metadata.materialComposition.hazardousSubstances ?? [];
    expect(stored.map((item: { name: string }) => item.name)).toEqual(held.slice(1).map((item) => item.name));
  });
});
