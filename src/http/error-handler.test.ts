import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { AppError } from './errors.ts';

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
});
