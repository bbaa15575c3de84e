// A passport uploaded as JSON or as an AAS environment goes through the body hygiene every API body
// gets, and what it refuses comes back on the page, in the page's language, never as a 500 (a file
// nested 150,000 levels deep once ended in a RangeError).
import { describe, expect, it } from 'vitest';
import { bearer } from '../helpers/app.ts';
import { postUpload, uploadFixture } from '../helpers/console-uploads.ts';
import { batteryMetadata, createPassport, newGtin13 } from '../helpers/passports.ts';

describe('passports uploaded as a file', () => {
  const fixture = uploadFixture();

  const upload = (text: string, productId = newGtin13(), lang = 'en') =>
    postUpload(fixture.app, fixture.member, '/console/passports/upload', {
      fields: { category: 'batteries', productId },
      file: { name: 'passport.json', bytes: text },
      lang,
    });

  it('refuses metadata nested 150,000 levels deep with the page, not a 500', async () => {
    const deep = `{"metadata":${'['.repeat(150_000)}${']'.repeat(150_000)}}`;
    const answer = await upload(deep);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('The file nests deeper than 128 levels.');
    const german = await upload(deep, newGtin13(), 'de');
    expect(german.statusCode).toBe(400);
    expect(german.body).toContain('Die Datei ist tiefer als 128 Ebenen verschachtelt.');
    // Within what can be parsed, a body deeper than a create body may be is refused the same way.
    const deeper = `{"metadata":{"notes":${'['.repeat(60)}${']'.repeat(60)}}}`;
    const nested = await upload(deeper);
    expect(nested.statusCode).toBe(400);
    expect(nested.body).toContain('nests deeper than 32 levels');
  });

  it('refuses what the API refuses in any body, naming where it is', async () => {
    const metadata = batteryMetadata();
    const general = metadata.generalInformation as Record<string, unknown>;
    const cases: [string, string][] = [
      [
        JSON.stringify({ ...metadata, generalInformation: { ...general, batteryModel: 'VC\u0000300' } }),
        '/metadata/generalInformation/batteryModel: the value holds a NUL character',
      ],
      [
        JSON.stringify({ ...metadata, generalInformation: { ...general, batteryModel: 'VC\u202E003' } }),
        'reverses the direction of the text',
      ],
      [
        `{"metadata":${JSON.stringify(metadata).replace('{', '{"__proto__":{"admin":true},')}}`,
        '/metadata/__proto__: a key named __proto__ is not accepted',
      ],
      [`{"metadata":{"note":"\\udc00"}}`, 'broken character'],
    ];
    for (const [text, reason] of cases) {
      const productId = newGtin13();
      const answer = await upload(text, productId);
      expect(answer.statusCode, reason).toBe(400);
      expect(answer.body, reason).toContain(reason);
      const stored = await fixture.app.inject({
        method: 'GET',
        url: `/api/v1/passports/${productId}`,
        headers: bearer(fixture.workspace.token),
      });
      expect(stored.statusCode, reason).toBe(404);
    }
  });

  it('holds an AAS environment to the same rules', async () => {
    const source = await createPassport(fixture.app, fixture.workspace.token, { status: 'DRAFT' });
    const aas = await fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${source.id}`,
      headers: { ...bearer(fixture.workspace.token), accept: 'application/aas+json' },
    });
    const environment = aas.body.replace('"value":"', '"value":"\\u0000');
    expect(environment).not.toBe(aas.body);
    const answer = await upload(environment, '');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('the value holds a NUL character');
    const deep = `{"submodels":[${'{"x":['.repeat(200)}${']}'.repeat(200)}]}`;
    const nested = await upload(deep, '');
    expect(nested.statusCode).toBe(400);
    expect(nested.body).toContain('The file nests deeper than 128 levels.');
  });
});
