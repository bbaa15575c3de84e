// The GS1-Conformant Resolver Standard 1.1, statement by statement in the order of its conformance
// section (docs/resolution.md has the table), against a passport, a serialised unit and a GRAI
// passport of a real workspace. Each test names the statement it checks.
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../src/domain/gs1/check-digit.ts';
import { buildCompressedLink, parseLink } from '../../src/domain/gs1/digital-link.ts';
import { compressAis } from '../../src/domain/gs1/dl-compression.ts';
import { BASE_URL, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { createUnit, uniqueSerial } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;
const VOC = 'https://gs1.org/voc/';

describe('GS1-Conformant Resolver Standard 1.1', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  let unit: { id: string; serialNumber: string };
  let keyPath: string;
  let itemPath: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
    unit = await createUnit(app, workspace.token, passport.id, { serialNumber: uniqueSerial() });
    keyPath = `/01/${passport.productId}`;
    itemPath = `${keyPath}/21/${unit.serialNumber}`;
  });

  const call = (
    method: 'GET' | 'HEAD' | 'OPTIONS' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
  ) => app.inject({ method, url, headers: { host, ...headers }, remoteAddress: randomIp() });
  const get = (url: string, headers: Record<string, string> = {}) => call('GET', url, headers);
  const compressed = (ais: { ai: string; value: string }[]) => {
    const built = buildCompressedLink(BASE_URL, ais);
    if (!built.ok) throw new Error(built.error);
    return built.uri.slice(BASE_URL.length);
  };
  const links = (header: unknown) =>
    String(header ?? '')
      .split(/,\s*(?=<)/)
      .map((link) => ({
        href: /^<([^>]*)>/.exec(link)?.[1],
        rel: /rel="([^"]*)"/.exec(link)?.[1],
        title: /title="([^"]*)"/.exec(link)?.[1],
      }));

  it('1. supports every key qualifier of the keys it serves (a lot answers the model, a serial its unit)', async () => {
    expect((await get(`${keyPath}/10/LOT-7`)).json().id).toBe(passport.id);
    expect((await get(`${keyPath}/22/V1/10/LOT-7`)).statusCode).toBe(200);
    expect((await get(itemPath)).headers.location).toBe(`${BASE_URL}/unit/${unit.id}`);
  });

  it('2. supports GET, HEAD and OPTIONS (OPTIONS is a CORS preflight; other verbs stay 405)', async () => {
    const head = await call('HEAD', keyPath);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const path of [
      keyPath,
      itemPath,
      '/.well-known/gs1resolver',
      compressed([{ ai: '01', value: passport.productId }]),
    ]) {
      const options = await call('OPTIONS', path, {
        origin: 'https://scanner.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'accept, accept-language',
      });
      expect(options.statusCode, path).toBe(204);
      expect(options.headers.allow, path).toBe('GET, HEAD, OPTIONS');
      expect(options.headers['access-control-allow-origin']).toBe('*');
      expect(options.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
      expect(options.headers['access-control-allow-headers']).toBe('accept, accept-language');
      expect(Number(options.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(options.body).toBe('');
    }
    const put = await call('PUT', keyPath);
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(put.headers['access-control-allow-origin']).toBe('*');
    // A route that is not a resolution route keeps the plain 405 for OPTIONS.
    const api = await call('OPTIONS', '/api/v1/version');
    expect(api.statusCode).toBe(405);
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('3. is served over HTTPS: the resolver root it describes is the node’s https base URL', async () => {
    expect((await get('/.well-known/gs1resolver')).json().resolverRoot).toBe(BASE_URL);
  });

  it('4. supports CORS on every resolution answer: any origin, Link, Location and ETag exposed', async () => {
    const answers = await Promise.all([
      get(keyPath),
      get(itemPath),
      get(`${keyPath}?linkType=linkset`),
      get(`/01/${newGtin13()}`),
      get(`${keyPath}/nonsense`),
      get('/.well-known/gs1resolver'),
      get(`/passport/${passport.id}`),
      get(`/unit/${unit.id}`),
    ]);
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      const exposed = String(answer.headers['access-control-expose-headers']).split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['Link', 'Location', 'ETag']));
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/version' })).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('5. decompresses a compressed link and answers it as the uncompressed one', async () => {
    const key = compressed([{ ai: '01', value: passport.productId }]);
    expect(key).toMatch(/^\/[A-Za-z0-9_-]+$/);
    const [plain, packed] = [await get(keyPath), await get(key)];
    expect(packed.statusCode).toBe(200);
    expect(packed.headers.etag).toBe(plain.headers.etag);
    const item = compressed([
      { ai: '01', value: passport.productId },
      { ai: '21', value: unit.serialNumber },
    ]);
    const redirect = await get(`${item}?foo=bar`);
    expect(redirect.statusCode).toBe(307);
    expect(redirect.headers.location).toBe(`${BASE_URL}/unit/${unit.id}?foo=bar`);
    // Partly compressed: the key, then the qualifiers in one compressed segment.
    const partial = compressAis([{ ai: '21', value: unit.serialNumber }]);
    if (!partial.ok) throw new Error(partial.error);
    const partly = await get(`${keyPath}/${partial.data}`);
    expect(partly.headers.location).toBe(`${BASE_URL}/unit/${unit.id}`);
    expect(links(partly.headers.link).find((link) => link.rel === 'owl:sameAs')?.href).toBe(
      `${BASE_URL}${itemPath}`,
    );
    // A word that is no compressed link is a path no route serves.
    expect((await get('/nothinghere')).statusCode).toBe(404);
  });

  it('6. exposes the uncompressed link of a compressed request as rel="owl:sameAs"', async () => {
    const item = compressed([
      { ai: '01', value: passport.productId },
      { ai: '21', value: unit.serialNumber },
    ]);
    const sameAs = links((await get(item)).headers.link).find((link) => link.rel === 'owl:sameAs');
    expect(sameAs?.href).toBe(`${BASE_URL}${itemPath}`);
    expect(links((await get(itemPath)).headers.link).some((link) => link.rel === 'owl:sameAs')).toBe(false);
  });

  it('7–9. validates the link: a syntax error is 400, an unknown key 404, never an error with 200', async () => {
    const bad = await get(`${keyPath}/foo`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const digit = (Number(passport.productId.at(-1)) + 1) % 10;
    expect((await get(`/01/${passport.productId.slice(0, 13)}${digit}`)).statusCode).toBe(400);
    expect((await get(`/01/${newGtin13()}`)).statusCode).toBe(404);
    expect((await get(`${keyPath}/21/NO-SUCH-UNIT`)).statusCode).toBe(404);
  });

  it('10. answers the linkset for linkType=linkset or the linkset media type, on key and item links, never redirecting', async () => {
    for (const [path, headers] of [
      [`${keyPath}?linkType=linkset`, {}],
      [`${keyPath}?linkType=all`, {}],
      [keyPath, { accept: 'application/linkset+json' }],
      [`${itemPath}?linkType=linkset`, {}],
      [`${itemPath}?linkType=all`, {}],
      [itemPath, { accept: 'application/linkset+json' }],
    ] as const) {
      const answer = await get(path, headers);
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers['content-type']).toMatch(/^application\/linkset\+json/);
    }
    const item = (await get(`${itemPath}?linkType=linkset`)).json().linkset;
    // The item's own links, then the links of each level up to the key.
    expect(item.map((entry: { anchor: string }) => entry.anchor)).toEqual([
      `${BASE_URL}${itemPath}`,
      `${BASE_URL}${keyPath}`,
    ]);
    expect(item[0][`${VOC}dpp`][0].href).toBe(`${BASE_URL}/unit/${unit.id}`);
    expect(item[1][`${VOC}dpp`][0].href).toBe(`${BASE_URL}/passport/${passport.id}`);
    // The subject of a compressed request's linkset is the uncompressed link.
    const packed = compressed([{ ai: '01', value: passport.productId }]);
    expect((await get(`${packed}?linkType=linkset`)).json().linkset[0].anchor).toBe(`${BASE_URL}${keyPath}`);
  });

  it('11–12. gives every link a target, a type and a title; the default link is one of them, without optional attributes', async () => {
    for (const path of [keyPath, itemPath]) {
      const [entry] = (await get(`${path}?linkType=linkset`)).json().linkset;
      const dpp = entry[`${VOC}dpp`] as { href: string; title: string; type: string }[];
      expect(dpp.length).toBeGreaterThan(0);
      for (const link of dpp) {
        expect(link.href).toMatch(/^https:\/\//);
        expect(link.title).not.toBe('');
        expect(link.type).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      }
      const [defaultLink, ...more] = entry[`${VOC}defaultLink`];
      expect(more).toEqual([]);
      expect(Object.keys(defaultLink).sort()).toEqual(['href', 'title']);
      expect(dpp.map((link) => link.href)).toContain(defaultLink.href);
    }
  });

  it('13. points a linkset to the JSON-LD context that reads it as JSON-LD', async () => {
    const context = links((await get(`${keyPath}?linkType=linkset`)).headers.link).find(
      (link) => link.rel === 'http://www.w3.org/ns/json-ld#context',
    );
    expect(context?.href).toBe('https://ref.gs1.org/standards/resolver/linkset-context');
  });

  it('14. redirects to the requested link type, written as a CURIE or either vocabulary IRI', async () => {
    for (const type of ['gs1:dpp', `${VOC}dpp`, 'https://ref.gs1.org/voc/dpp', 'gs1:defaultLink']) {
      const key = await get(`${keyPath}?linkType=${encodeURIComponent(type)}`);
      expect(key.statusCode, type).toBe(307);
      expect(key.headers.location).toBe(`${BASE_URL}/passport/${passport.id}`);
      const item = await get(`${itemPath}?linkType=${encodeURIComponent(type)}`);
      expect(item.headers.location, type).toBe(`${BASE_URL}/unit/${unit.id}`);
    }
  });

  it('15. answers 404 for a link type it does not serve, on key and item links alike', async () => {
    for (const path of [keyPath, itemPath, compressed([{ ai: '01', value: passport.productId }])]) {
      for (const type of ['gs1:nosuchlt', 'gs1:pip', 'https://example.org/other']) {
        const answer = await get(`${path}?linkType=${encodeURIComponent(type)}`, {
          accept: 'application/linkset+json',
        });
        expect(answer.statusCode, `${path} ${type}`).toBe(404);
      }
    }
  });

  it('16. passes on every query parameter but linkType when redirecting', async () => {
    const typed = await get(`${keyPath}?linkType=gs1:dpp&foo=bar&x=%20y`);
    expect(typed.headers.location).toBe(`${BASE_URL}/passport/${passport.id}?foo=bar&x=%20y`);
    const item = await get(`${itemPath}?foo=bar&linkType=gs1%3Adpp`);
    expect(item.headers.location).toBe(`${BASE_URL}/unit/${unit.id}?foo=bar`);
  });

  it('17. names the linkset in a Link header on every answer, redirects included', async () => {
    for (const [path, status] of [
      [keyPath, 200],
      [itemPath, 307],
      [`${keyPath}?linkType=gs1:dpp`, 307],
      [`${itemPath}?linkType=linkset`, 200],
    ] as const) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(status);
      const linkset = links(answer.headers.link).find((link) => link.rel === 'linkset');
      expect(linkset?.href, path).toBe(`${BASE_URL}${path.split('?')[0]}?linkType=linkset`);
      expect(linkset?.title).toBeTruthy();
    }
  });

  it('18. provides the resolver description file, listing the keys it resolves', async () => {
    const answer = await get('/.well-known/gs1resolver');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({
      name: expect.any(String),
      resolverRoot: BASE_URL,
      supportedPrimaryKeys: ['01', '8003'],
      supportedLinkType: [{ namespace: VOC, prefix: 'gs1:' }],
      supportedLinkTypes: ['gs1:dpp', 'gs1:defaultLink'],
      linkTypeDefaultCanBeLinkset: false,
      jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
    });
  });

  it('19. tolerates a trailing slash', async () => {
    expect((await get(`${keyPath}/`)).headers.etag).toBe((await get(keyPath)).headers.etag);
    expect((await get(`${itemPath}/`)).headers.location).toBe(`${BASE_URL}/unit/${unit.id}`);
  });

  it('20. without a link type: a key link answers its passport in place, an item link redirects, whatever Accept says', async () => {
    const page = await get(keyPath, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const itemPage = await get(itemPath, { accept: 'text/html' });
    expect(itemPage.statusCode).toBe(307);
    expect(itemPage.headers.location).toBe(`${BASE_URL}/unit/${unit.id}`);
  });

  it('21. resolves a GRAI unit by the node’s extension (/8003/{grai}/21/{serial}) and by the serial inside AI 8003', async () => {
    const grai = `0${withCheckDigit(`40${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`)}`;
    const graiPassport = await createPassport(app, workspace.token, { productId: `8003:${grai}` });
    const graiUnit = await createUnit(app, workspace.token, graiPassport.id, { serialNumber: 'A7X' });
    expect((await get(`/8003/${grai}`)).json().id).toBe(graiPassport.id);
    for (const path of [`/8003/${grai}/21/A7X`, `/8003/${grai}A7X`]) {
      const answer = await get(`${path}?foo=bar`);
      expect(answer.statusCode, path).toBe(307);
      expect(answer.headers.location).toBe(`${BASE_URL}/unit/${graiUnit.id}?foo=bar`);
      const linkset = (await get(`${path}?linkType=linkset`)).json().linkset;
      expect(linkset[0][`${VOC}defaultLink`][0].href).toBe(`${BASE_URL}/unit/${graiUnit.id}`);
      expect(linkset[1].anchor).toBe(`${BASE_URL}/8003/${grai}`);
      expect((await get(`${path}?linkType=gs1:nosuchlt`)).statusCode).toBe(404);
    }
    const packed = compressed([{ ai: '8003', value: `${grai}A7X` }]);
    expect((await get(packed)).headers.location).toBe(`${BASE_URL}/unit/${graiUnit.id}`);
    expect((await get(`/8003/${grai}NOSUCH`)).statusCode).toBe(404);
  });

  it('reads each compressed link it answers back to the AIs it was made of', async () => {
    const item = compressed([
      { ai: '01', value: passport.productId },
      { ai: '21', value: unit.serialNumber },
    ]);
    const parsed = parseLink(`${BASE_URL}${item}`);
    expect(parsed.ok && parsed.link.compression).toBe('full');
  });
});
