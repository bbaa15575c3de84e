// The Actor of a request: the core's Actor made from the principal the auth hook put on the request.
import type { FastifyRequest } from 'fastify';
import { type Actor, actorFromPrincipal } from '../core/actor.ts';
import { AppError } from '../core/errors.ts';

/** The actor of a request on a tenant route; the auth hook guarantees it exists. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal;
  if (principal?.kind !== 'apiKey' && principal?.kind !== 'session')
    throw new AppError('INTERNAL', 'route is missing its tenant access policy');
  return actorFromPrincipal(principal);
}
