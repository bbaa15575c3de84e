// Every operation of the OpenAPI document declares its success and every error it can give, so a
// client generated from the document knows each body it may receive (the suite's response check
// then holds the code to these declarations).
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

interface Operation {
  requestBody?: unknown;
  security?: unknown[];
  parameters?: { in: string }[];
  responses: Record<string, unknown>;
}

describe('declared answers in the OpenAPI document', () => {
  const app = useTestApp();
  let operations: [string, Operation][];
  let components: Record<string, unknown>;
  beforeAll(async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    components = document.components.schemas;
    operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]): [string, Operation] => [
          `${method.toUpperCase()} ${path}`,
          operation,
        ]),
    );
  });

  const statuses = (operation: Operation) => Object.keys(operation.responses);

  it('gives every operation a success answer (but the unit deletion that is always refused)', () => {
    expect(operations.length).toBeGreaterThan(40);
    // A redirect is a success answer too (a same-device credential presentation's landing).
    const without = operations.filter(
      ([, op]) => !statuses(op).some((status) => /^(2\d\d|303)$/.test(status)),
    );
    expect(without.map(([name]) => name)).toEqual(['DELETE /api/v1/units/{id}']);
  });

  it('declares the errors every route can give, with the shared error body (the Result object on /v1)', () => {
    for (const [name, operation] of operations) {
      const declared = statuses(operation);
      expect(declared, name).toEqual(expect.arrayContaining(['400', '500']));
      // Any method but GET takes a body, read or not, so any may meet one too large or of no known type.
      if (!name.startsWith('GET ')) expect(declared, name).toEqual(expect.arrayContaining(['413', '415']));
      if (operation.security) expect(declared, name).toEqual(expect.arrayContaining(['401']));
      if (operation.parameters?.some((parameter) => parameter.in === 'path')) {
        expect(declared, name).toContain('404');
      }
      // The health check's 503 is its own report of the store, and a recycled unit's 410 its
      // tombstone: answers of their own, not error bodies.
      // The verifier answers a wallet with the OpenID4VP error body, and a spent transaction's
      // result with its own 410 (docs/credential-access.md).
      const OWN_ANSWERS = new Set([
        'GET /health 503',
        'GET /unit/{id} 410',
        'POST /access/v1/presentation-responses/{id} 400',
        'GET /access/v1/presentation-requests/{id}/result 410',
      ]);
      // A page's error answer (the request-access form's 404 page) is a page, not an error body.
      const isPage = (status: string) => {
        const content = (operation.responses[status] as { content?: Record<string, unknown> }).content;
        return content !== undefined && Object.keys(content).every((type) => type === 'text/html');
      };
      const errors = declared.filter(
        (status) => Number(status) >= 400 && !OWN_ANSWERS.has(`${name} ${status}`) && !isPage(status),
      );
      for (const status of errors) {
        const ref = JSON.stringify(operation.responses[status]).match(/"#\/components\/schemas\/([^"]+)"/);
        const schema = ref ? components[ref[1] as string] : operation.responses[status];
        // The EN 18222 surface fails with the clause 7.2 Result object, never the error body.
        const required = / \/v1\//.test(name) ? ['messages'] : ['error'];
        expect(schema, `${name} ${status}`).toMatchObject({ required });
      }
    }
  });

  it('answers a body of no known type with a declared 415, even where the route reads no body', async () => {
    const workspace = await createWorkspace(app);
    const nothing = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, headers] of [
      ['DELETE', `/api/v1/keys/${nothing}`, bearer(workspace.token)],
      ['POST', `/api/v1/operators/${nothing}/restore`, bearer(workspace.token)],
      ['DELETE', `/admin/v1/workspaces/${workspace.id}/keys/${nothing}`, admin],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      // The suite's response check holds the body to the route's declared 415.
      expect(response.statusCode, `${method} ${url}`).toBe(415);
    }
  });

  it('names the media types of answers that are not plain JSON', () => {
    const byName = new Map(operations);
    const mediaTypes = (name: string) =>
      Object.keys((byName.get(name)?.responses['200'] as { content?: object } | undefined)?.content ?? {});
    expect(mediaTypes('GET /api/v1/passports/{id}')).toEqual(
      expect.arrayContaining(['application/ld+json', 'application/aas+json', 'text/html']),
    );
    expect(mediaTypes('GET /passport/{id}')).toEqual(
      expect.arrayContaining(['application/ld+json', 'application/aas+json', 'text/html']),
    );
    expect(mediaTypes('GET /api/v1/units/{id}')).toEqual(['application/ld+json', 'text/html']);
    expect(mediaTypes('GET /ns/dpp')).toEqual(['application/ld+json', 'text/html']);
    expect(mediaTypes('GET /api/v1/schemas/{category}')).toEqual(['application/schema+json']);
  });
});
