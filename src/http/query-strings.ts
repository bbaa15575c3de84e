// Query-string values and path parameters carry text the store must be able to hold. A NUL or an
// unpaired surrogate in a query value is a query-string violation (the framework's 400 body, as the
// contract says for those); in a path parameter it names no resource (404).
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.ts';
import { stringProblem } from '../domain/json/hygiene.ts';

function firstBadValue(values: unknown): [string, string] | null {
  if (typeof values !== 'object' || values === null) return null;
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== 'string') continue;
      const problem = stringProblem(item) ?? stringProblem(name);
      if (problem) return [name, problem];
    }
  }
  return null;
}

export function registerQueryStringChecks(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and almost all of them pass.
  app.addHook('preValidation', (request, _reply, done) => {
    if (firstBadValue(request.params)) return done(new AppError('NOT_FOUND', 'Not found'));
    const bad = firstBadValue(request.query);
    if (bad) {
      return done(
        Object.assign(new Error(`querystring/${bad[0]} ${bad[1]}`), {
          statusCode: 400,
          code: 'FST_ERR_VALIDATION',
        }),
      );
    }
    done();
  });
}
