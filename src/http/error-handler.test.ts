import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.ts';
import { isResultObject } from '../domain/en18222/result.ts';
import { registerErrorHandler } from './error-handler.ts';

describe('the error handler', () => {
  it('logs an AppError of status 500 or more and hides its message, like any other server error', async () => {
    const logs: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } },
    });
    registerErrorHandler(app);
    app.get('/internal', async () => {
      throw new AppError('INTERNAL', 'route misconfigured: secret detail');
    });
    app.get('/unavailable', async () => {
      throw new AppError('UNAVAILABLE', 'registry down: secret detail');
    });
    for (const [url, status, code] of [
      ['/internal', 500, 'INTERNAL'],
      ['/unavailable', 503, 'UNAVAILABLE'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ success: false, code, requestId: expect.any(String) });
      expect(response.body).not.toContain('secret detail');
    }
    await app.close();
    expect(logs.join('')).toContain('route misconfigured: secret detail');
  });

  it('answers the Result object on /v1 paths only, one message per listed problem', async () => {
    const logs: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } },
    });
    registerErrorHandler(app);
    const invalid = () => {
      throw new AppError('VALIDATION_FAILED', 'Passport data is invalid', {
        extra: { errors: [{ path: '/metadata/a', message: 'is required' }, { message: 'no path' }] },
      });
    };
    const broken = () => {
      throw new Error('secret detail');
    };
    app.get('/v1/invalid', invalid);
    app.get('/api/v1/invalid', invalid);
    app.get('/v1/broken', broken);
    app.get(
      '/v1/query',
      { schema: { querystring: { type: 'object', required: ['date'] } } },
      async () => 'ok',
    );

    const lifeCycle = await app.inject({ method: 'GET', url: '/v1/invalid?x=1' });
    expect(lifeCycle.statusCode).toBe(400);
    const result = lifeCycle.json();
    expect(isResultObject(result)).toBe(true);
    expect(result.messages).toEqual([
      expect.objectContaining({
        messageType: 'Error',
        text: '/metadata/a: is required',
        code: 'VALIDATION_FAILED',
      }),
      expect.objectContaining({ messageType: 'Error', text: 'no path', code: 'VALIDATION_FAILED' }),
    ]);
    expect(result.messages[0].correlationId).toBe(result.messages[1].correlationId);

    const api = await app.inject({ method: 'GET', url: '/api/v1/invalid' });
    expect(api.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Passport data is invalid',
    });
    expect(isResultObject(api.json())).toBe(false);

    const server = await app.inject({ method: 'GET', url: '/v1/broken' });
    expect(server.statusCode).toBe(500);
    expect(server.json().messages).toEqual([
      expect.objectContaining({ messageType: 'Exception', code: 'INTERNAL' }),
    ]);
    expect(server.body).not.toContain('secret detail');

    // A framework failure keeps its status and gets a stable code of ours.
    const query = await app.inject({ method: 'GET', url: '/v1/query' });
    expect(query.statusCode).toBe(400);
    expect(query.json().messages).toEqual([expect.objectContaining({ code: 'BAD_REQUEST' })]);
    await app.close();
  });
});
