import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffContracts } from './diff.ts';

type Json = Record<string, unknown>;

/** A one-operation contract around a request and a response schema. */
function contract(options: {
  path?: string;
  response?: Json;
  request?: Json;
  parameters?: Json[];
  summary?: string;
  extraPaths?: Json;
}): Json {
  const operation: Json = {
    summary: options.summary ?? 'Reads a thing',
    responses: {
      '200': {
        description: 'The thing',
        content: { 'application/json': { schema: options.response ?? {} } },
      },
    },
  };
  if (options.request) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: options.request } } };
  }
  if (options.parameters) operation.parameters = options.parameters;
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    paths: { [options.path ?? '/api/v1/things/{id}']: { post: operation }, ...options.extraPaths },
  };
}

const object = (properties: Json, required: string[] = []): Json => ({
  type: 'object',
  properties,
  required,
});

describe('diffContracts', () => {
  it('finds nothing between a contract and itself', () => {
    const doc = contract({ response: object({ a: { type: 'string' } }, ['a']) });
    expect(diffContracts(doc, structuredClone(doc))).toEqual({ bump: 'NONE', changes: [] });
  });

  it('takes a removed path or method as MAJOR and an added one as MINOR', () => {
    const before = contract({});
    const after = contract({ extraPaths: { '/api/v1/other': { get: { responses: {} } } } });
    expect(diffContracts(before, after).bump).toBe('MINOR');
    expect(diffContracts(after, before).bump).toBe('MAJOR');
    expect(diffContracts(after, before).changes).toEqual([
      { bump: 'MAJOR', where: '/api/v1/other', what: 'path removed' },
    ]);
    const withGet = structuredClone(before) as { paths: Record<string, Json> };
    (withGet.paths['/api/v1/things/{id}'] as Json).get = { responses: {} };
    expect(diffContracts(before, withGet).changes).toEqual([
      { bump: 'MINOR', where: 'GET /api/v1/things/{}', what: 'method added' },
    ]);
    expect(diffContracts(withGet, before).bump).toBe('MAJOR');
  });

  it('takes a renamed path variable as no change', () => {
    const parameter = (name: string) => ({ in: 'path', name, required: true, schema: { type: 'string' } });
    const before = contract({ path: '/x/{id}', parameters: [parameter('id')] });
    const after = contract({ path: '/x/{thingId}', parameters: [parameter('thingId')] });
    expect(diffContracts(before, after).bump).toBe('NONE');
  });

  it('takes a removed response field as MAJOR and an added one as MINOR', () => {
    const before = contract({
      response: object({ a: { type: 'string' }, b: { type: 'string' } }, ['a', 'b']),
    });
    const after = contract({ response: object({ a: { type: 'string' } }, ['a']) });
    const removed = diffContracts(before, after);
    expect(removed.bump).toBe('MAJOR');
    expect(removed.changes).toContainEqual({
      bump: 'MAJOR',
      where: 'POST /api/v1/things/{} response 200 application/json .b',
      what: 'response field removed',
    });
    expect(diffContracts(after, before).bump).toBe('MINOR');
  });

  it('takes a response field that may now be absent as MAJOR', () => {
    const before = contract({ response: object({ a: { type: 'string' } }, ['a']) });
    const after = contract({ response: object({ a: { type: 'string' } }) });
    expect(diffContracts(before, after).bump).toBe('MAJOR');
    expect(diffContracts(after, before).bump).toBe('MINOR');
  });

  it('takes a removed enum value as MAJOR and an added one as MINOR, on either side', () => {
    for (const side of ['request', 'response'] as const) {
      const schema = (values: string[]) => object({ s: { enum: values } });
      const before = contract({ [side]: schema(['A', 'B']) });
      const after = contract({ [side]: schema(['A', 'B', 'C']) });
      expect(diffContracts(before, after).bump).toBe('MINOR');
      expect(diffContracts(after, before).bump).toBe('MAJOR');
    }
  });

  it('takes a newly required request field or parameter as MAJOR and a new optional one as MINOR', () => {
    const before = contract({ request: object({ a: { type: 'string' } }, ['a']) });
    const optional = contract({ request: object({ a: { type: 'string' }, b: { type: 'string' } }, ['a']) });
    const required = contract({
      request: object({ a: { type: 'string' }, b: { type: 'string' } }, ['a', 'b']),
    });
    expect(diffContracts(before, optional).bump).toBe('MINOR');
    expect(diffContracts(before, required).bump).toBe('MAJOR');
    expect(diffContracts(optional, required).changes).toEqual([
      {
        bump: 'MAJOR',
        where: 'POST /api/v1/things/{} request body application/json .b',
        what: 'request field newly required',
      },
    ]);
    expect(diffContracts(required, optional).bump).toBe('MINOR');

    const query = (required: boolean) => ({
      in: 'query',
      name: 'page',
      required,
      schema: { type: 'integer' },
    });
    expect(diffContracts(contract({ parameters: [] }), contract({ parameters: [query(false)] })).bump).toBe(
      'MINOR',
    );
    expect(diffContracts(contract({ parameters: [] }), contract({ parameters: [query(true)] })).bump).toBe(
      'MAJOR',
    );
    expect(
      diffContracts(contract({ parameters: [query(false)] }), contract({ parameters: [query(true)] })).bump,
    ).toBe('MAJOR');
    expect(diffContracts(contract({ parameters: [query(false)] }), contract({ parameters: [] })).bump).toBe(
      'MAJOR',
    );
  });

  it('reads schemas in the direction data flows: requests may widen, responses may narrow', () => {
    const string = { type: 'string' };
    const nullable = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    const limited = { type: 'string', maxLength: 10 };
    const wider = { type: 'string', maxLength: 20 };
    expect(
      diffContracts(
        contract({ request: object({ a: string }) }),
        contract({ request: object({ a: limited }) }),
      ).bump,
    ).toBe('MAJOR');
    expect(
      diffContracts(
        contract({ request: object({ a: limited }) }),
        contract({ request: object({ a: wider }) }),
      ).bump,
    ).toBe('MINOR');
    expect(
      diffContracts(
        contract({ request: object({ a: { type: 'integer' } }) }),
        contract({ request: object({ a: string }) }),
      ).bump,
    ).toBe('MAJOR');
    expect(
      diffContracts(
        contract({ response: object({ a: nullable }) }),
        contract({ response: object({ a: string }) }),
      ).bump,
    ).toBe('MINOR');
    expect(
      diffContracts(
        contract({ response: object({ a: string }) }),
        contract({ response: object({ a: nullable }) }),
      ).bump,
    ).toBe('MAJOR');
  });

  it('takes summaries, descriptions and examples as PATCH', () => {
    const before = contract({ response: object({ a: { type: 'string', description: 'one' } }) });
    const after = contract({
      summary: 'Reads one thing',
      response: object({ a: { type: 'string', description: 'two' } }),
    });
    const diff = diffContracts(before, after);
    expect(diff.bump).toBe('PATCH');
    expect(diff.changes.map((c) => c.what).sort()).toEqual(['description changed', 'summary changed']);
  });

  it('follows references into components, and ends on recursive ones', () => {
    const withNode = (extra: Json) => {
      const doc = contract({ response: { $ref: '#/components/schemas/node' } });
      doc.components = {
        schemas: {
          node: object({
            children: { type: 'array', items: { $ref: '#/components/schemas/node' } },
            ...extra,
          }),
        },
      };
      return doc;
    };
    expect(diffContracts(withNode({}), withNode({})).bump).toBe('NONE');
    expect(diffContracts(withNode({ name: { type: 'string' } }), withNode({})).bump).toBe('MAJOR');
    expect(diffContracts(withNode({}), withNode({ name: { type: 'string' } })).bump).toBe('MINOR');
  });

  it('takes a removed response or media type as MAJOR', () => {
    const before = contract({});
    const after = structuredClone(before) as { paths: Record<string, { post: { responses: Json } }> };
    const operation = after.paths['/api/v1/things/{id}']?.post as { responses: Record<string, Json> };
    operation.responses['404'] = { description: 'No such thing' };
    expect(diffContracts(before, after).bump).toBe('MINOR');
    expect(diffContracts(after, before).bump).toBe('MAJOR');
    (operation.responses['200'] as { content: Json }).content['text/html'] = { schema: { type: 'string' } };
    expect(diffContracts(after, before).changes.map((c) => c.what)).toContain('offered media type removed');
  });

  it('takes newly demanded credentials as MAJOR', () => {
    const before = contract({});
    const after = structuredClone(before) as { paths: Record<string, { post: Json }> };
    (after.paths['/api/v1/things/{id}'] as { post: Json }).post.security = [{ apiKey: [] }];
    expect(diffContracts(before, after).bump).toBe('MAJOR');
    expect(diffContracts(after, before).bump).toBe('MINOR');
  });
});

// Random response schemas: objects whose fields are strings, enums or nested objects.
// Names an object's prototype also answers to are fields like any other.
const fieldName = fc.oneof(
  fc.stringMatching(/^[a-z][a-zA-Z]{0,6}$/),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
);
const leaf = fc.oneof(
  fc.constant<Json>({ type: 'string' }),
  fc.constant<Json>({ type: 'integer' }),
  fc
    .uniqueArray(fc.constantFrom('A', 'B', 'C', 'D'), { minLength: 1 })
    .map((values): Json => ({ enum: values })),
);
const schema: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc
      .dictionary(fieldName, tie('node'), { maxKeys: 4 })
      .chain((properties) =>
        fc.subarray(Object.keys(properties)).map((required) => object(properties, required)),
      ),
  ),
})).node;
const objectSchema = fc
  .dictionary(fieldName, schema, { minKeys: 1, maxKeys: 5 })
  .chain((properties) =>
    fc.subarray(Object.keys(properties)).map((required) => object(properties, required)),
  );

describe('diffContracts, on random contracts', () => {
  it('finds no change between a contract and a copy of it', () => {
    fc.assert(
      fc.property(objectSchema, objectSchema, (response, request) => {
        const doc = contract({ response, request });
        expect(diffContracts(doc, structuredClone(doc)).bump).toBe('NONE');
      }),
    );
  });

  it('takes dropping any response field as MAJOR and adding it back as MINOR', () => {
    fc.assert(
      fc.property(objectSchema, fc.nat(), (response, pick) => {
        const properties = response.properties as Json;
        const names = Object.keys(properties);
        const name = names[pick % names.length] as string;
        const { [name]: _dropped, ...rest } = properties;
        const without = {
          ...response,
          properties: rest,
          required: (response.required as string[]).filter((n) => n !== name),
        };
        expect(diffContracts(contract({ response }), contract({ response: without })).bump).toBe('MAJOR');
        expect(diffContracts(contract({ response: without }), contract({ response })).bump).toBe('MINOR');
      }),
    );
  });

  it('takes a new optional request field as MINOR, a new required one and any removal as MAJOR', () => {
    fc.assert(
      fc.property(objectSchema, fieldName, schema, fc.boolean(), (request, name, field, required) => {
        fc.pre(!Object.hasOwn(request.properties as Json, name));
        const names = request.required as string[];
        const more = {
          ...request,
          properties: { ...(request.properties as Json), [name]: field },
          required: required ? [...names, name] : names,
        };
        const added = diffContracts(contract({ request }), contract({ request: more })).bump;
        expect(added).toBe(required ? 'MAJOR' : 'MINOR');
        expect(diffContracts(contract({ request: more }), contract({ request })).bump).toBe('MAJOR');
      }),
    );
  });

  it('takes a change of wording anywhere as PATCH', () => {
    fc.assert(
      fc.property(objectSchema, fc.string(), (response, words) => {
        const described = structuredClone(response);
        for (const field of Object.values(described.properties as Record<string, Json>))
          field.description = words;
        const before = contract({ response });
        const after = contract({ response: described, summary: `${words}!` });
        expect(diffContracts(before, after).bump).toBe('PATCH');
      }),
    );
  });

  it('never needs a smaller bump for a contract than for the same contract with a path less', () => {
    fc.assert(
      fc.property(objectSchema, objectSchema, (a, b) => {
        const before = contract({ response: a });
        const after = contract({ response: b });
        const more = contract({ response: b, extraPaths: { '/api/v1/more': { get: { responses: {} } } } });
        const rank = ['NONE', 'PATCH', 'MINOR', 'MAJOR'];
        expect(rank.indexOf(diffContracts(before, more).bump)).toBeGreaterThanOrEqual(
          Math.max(rank.indexOf('MINOR'), rank.indexOf(diffContracts(before, after).bump)),
        );
      }),
    );
  });
});
