// Request budgets from the spec's Limits table, on @fastify/rate-limit's stores (memory, or Redis
// when REDIS_URL is set so that several instances share one budget; see redis-budgets.ts). Authenticated calls count
// against their key and their workspace; anonymous ones against their IP, by route class.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../core/errors.ts';
import { perKeyLimit, type Tier, workspaceLimit } from '../domain/auth/plans.ts';

export type AnonymousClass = 'anonymous' | 'resolution' | 'validator';

const WINDOW_MS = 60_000;

/** Requests per minute per client address (config.rateLimits). */
export interface AddressBudgets {
  anonymous: number;
  publicResolution: number;
  publicValidator: number;
  authenticatedIp: number;
}

interface Outcome {
  max: number;
  remaining: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}

type Check = (request: FastifyRequest) => Promise<(Outcome & { isAllowed: false }) | { isAllowed: true }>;

export interface RateLimits {
  /** Per address, key and workspace; sets the x-ratelimit-* headers of the binding budget. */
  authenticated(
    request: FastifyRequest,
    reply: FastifyReply,
    keyId: string,
    tenantId: string,
    tier: Tier,
  ): Promise<void>;
  /** Per IP, by route class; no rate headers but Retry-After on refusal. */
  anonymous(request: FastifyRequest, reply: FastifyReply, kind: AnonymousClass): Promise<void>;
}

/** The x-ratelimit-* headers of the budget that binds this call. */
function report(reply: FastifyReply, binding: Outcome): void {
  reply.header('x-ratelimit-limit', binding.max);
  reply.header('x-ratelimit-remaining', Math.max(0, binding.remaining));
  reply.header('x-ratelimit-reset', binding.ttlInSeconds);
}

function refuse(outcome: Outcome, message: string): never {
  throw new AppError('RATE_LIMITED', message, {
    headers: { 'retry-after': String(Math.max(1, outcome.ttlInSeconds)) },
  });
}

export async function registerRateLimits(
  app: FastifyInstance,
  budgets: AddressBudgets,
  redis?: Redis,
): Promise<RateLimits> {
  const perMinute: Record<AnonymousClass, number> = {
    anonymous: budgets.anonymous,
    resolution: budgets.publicResolution,
    validator: budgets.publicValidator,
  };
  await app.register(rateLimit, {
    global: false,
    // Fail open: while Redis is unreachable a request goes through uncounted rather than failing,
    // so passports stay resolvable and the API usable (docs/deployment.md, "Redis").
    ...(redis ? { redis, nameSpace: 'opendpp-rl-', skipOnError: true } : {}),
  });

  // Each limiter's keyGenerator reads a key chosen by the caller, set on the request just before.
  const limitKey = Symbol('rateLimitKey');
  const limitMax = Symbol('rateLimitMax');
  type Tagged = FastifyRequest & { [limitKey]?: string; [limitMax]?: number };
  const limiter = (): Check =>
    app.createRateLimit({
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => (request as Tagged)[limitKey] ?? request.ip,
      max: (request) => (request as Tagged)[limitMax] ?? 0,
    }) as Check;
  const perKey = limiter();
  const perWorkspace = limiter();
  const perIp = limiter();

  async function count(check: Check, request: FastifyRequest, key: string, max: number): Promise<Outcome> {
    (request as Tagged)[limitKey] = key;
    (request as Tagged)[limitMax] = max;
    const outcome = await check(request);
    if (outcome.isAllowed) return { max, remaining: max, ttlInSeconds: 60, isExceeded: false };
    return outcome;
  }

  return {
    async authenticated(request, reply, keyId, tenantId, tier) {
      // Every authenticated call also counts against its address, whatever the plan: a ceiling
      // higher than the anonymous one (the spec's Limits). The headers report the binding budget,
      // the one with the fewest requests left; on an unlimited plan that is the address's ceiling.
      const address = await count(perIp, request, `authenticated:${request.ip}`, budgets.authenticatedIp);
      if (address.isExceeded) {
        report(reply, address);
        refuse(
          address,
          `Rate limit of ${budgets.authenticatedIp} authenticated requests per minute per address exceeded`,
        );
      }
      const keyMax = perKeyLimit(tier);
      const workspaceMax = workspaceLimit(tier);
      if (keyMax === null || workspaceMax === null) {
        report(reply, address); // unlimited plan
        return;
      }
      const key = await count(perKey, request, `key:${keyId}`, keyMax);
      const workspace = await count(perWorkspace, request, `ws:${tenantId}`, workspaceMax);
      report(
        reply,
        [workspace, address].reduce((least, next) => (next.remaining < least.remaining ? next : least), key),
      );
      if (key.isExceeded) refuse(key, `API key rate limit of ${keyMax} requests per minute exceeded`);
      if (workspace.isExceeded) {
        refuse(workspace, `Workspace rate limit of ${workspaceMax} requests per minute exceeded`);
      }
    },
    async anonymous(request, _reply, kind) {
      const max = perMinute[kind];
      const outcome = await count(perIp, request, `${kind}:${request.ip}`, max);
      if (outcome.isExceeded) refuse(outcome, `Rate limit of ${max} requests per minute exceeded`);
    },
  };
}
