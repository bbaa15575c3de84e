// The response check itself: it must notice a body that contradicts its schema, a status a route
// never declared, and a media type the route does not serve, and stay quiet about a faithful answer.
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, errorResponses, mediaResponse } from '../../src/core/schemas.ts';
import { checkResponses, takeResponseViolations } from '../helpers/response-check.ts';

describe('the response check of the suite', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    checkResponses(app);
    app.addSchema(ErrorBody);
    const Thing = Type.Object({ id: Type.Integer() }, { additionalProperties: false });
    const schema: FastifySchema = { response: { 200: Thing, ...errorResponses(404) } };
    app.get('/faithful', { schema }, async () => ({ id: 1 }));
    app.get('/wrong-field', { schema }, async (_request, reply) =>
      reply.type('application/json').serializer(String).send('{"id":"one"}'),
    );
    app.get('/undeclared', { schema }, async (_request, reply) => reply.code(409).send({ error: 'x' }));
    app.get('/error-shape', { schema }, async (_request, reply) =>
      reply.code(404).type('application/json').serializer(String).send('{"message":"no error text"}'),
    );
    app.get(
      '/ld',
      { schema: { response: { 200: mediaResponse('application/ld+json', Thing, 'a thing') } } },
      async (request, reply) =>
        reply
          .type(request.headers.accept === 'text/html' ? 'text/html' : 'application/ld+json')
          .serializer(String)
          .send(request.headers.accept === 'text/html' ? '<p>1</p>' : '{"id":2}'),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const violationsOf = async (url: string, headers: Record<string, string> = {}) => {
    await app.inject({ method: 'GET', url, headers });
    return takeResponseViolations();
  };

  it('accepts an answer that matches its declared schema', async () => {
    expect(await violationsOf('/faithful')).toEqual([]);
    expect(await violationsOf('/ld')).toEqual([]);
  });

  it('records a body that contradicts the schema, naming the route, status and field', async () => {
    const [violation, ...rest] = await violationsOf('/wrong-field');
    expect(rest).toEqual([]);
    expect(violation).toMatch(/^GET \/wrong-field → 200: body does not match.*\/id must be integer/);
  });

  it('records a status the route does not declare', async () => {
    expect(await violationsOf('/undeclared')).toEqual([
      'GET /undeclared → 409: the route declares no response schema for this status',
    ]);
  });

  it('holds error bodies to the shared error shape', async () => {
    expect((await violationsOf('/error-shape'))[0]).toMatch(/→ 404: body does not match.*error/);
  });

  it('holds a request no route matched to the error shape', async () => {
    // Fastify's own 404 body has `error` and `message`: the shared shape.
    expect(await violationsOf('/nowhere')).toEqual([]);
  });

  it('records a media type the route does not declare', async () => {
    expect((await violationsOf('/ld', { accept: 'text/html' }))[0]).toMatch(
      /→ 200: answered text\/html, declared application\/ld\+json/,
    );
  });
});
