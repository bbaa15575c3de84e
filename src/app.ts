// buildApp: the whole HTTP service as a Fastify instance, without listening and without globals,
// so tests build as many as they like against one store.

import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { App, AppContext } from './context.ts';
import type { EoriRegistry } from './core/eori-registry.ts';
import { loggableError } from './core/loggable-error.ts';
import { jsonLd } from './core/representations.ts';
import type { ChangeFeed } from './db/changes.ts';
import type { Db } from './db/client.ts';
import { hashToken, sameHash } from './domain/auth/api-token.ts';
import { registerAuth } from './http/auth.ts';
import { registerBodyLimits, SERVICE_BODY_LIMIT } from './http/body-limits.ts';
import { registerCacheClock } from './http/cache-headers.ts';
import { registerCommonAnswers } from './http/common-answers.ts';
import { registerCors } from './http/cors.ts';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.ts';
import { registerHostCheck } from './http/host-header.ts';
import { registerJsonBodies } from './http/json-body.ts';
import { requestSerializer } from './http/log-redaction.ts';
import { registerMethodHandling } from './http/method-not-allowed.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerQueryStringChecks } from './http/query-strings.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { budgetStore } from './http/redis-budgets.ts';
import { registerRequestId, requestIdFrom } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serverTimeouts } from './http/server-timeouts.ts';
import type { TlsFiles } from './http/tls.ts';
import { registerWriteSignal } from './http/write-signal.ts';
import { mount } from './module-plugin.ts';
import { aasRepresentation } from './modules/aas/representation.ts';
import { backupHostModule } from './modules/backup-host/plugin.ts';
import { custodyOf } from './modules/backup-host/service.ts';
import { backupOriginModule } from './modules/backup-origin/plugin.ts';
import { categoriesModule } from './modules/categories/plugin.ts';
import { consoleModule } from './modules/console/plugin.ts';
import { sessionKeys, sessionService } from './modules/console/service.ts';
import { credentialAccessModule } from './modules/credential-access/plugin.ts';
import { credentialCache } from './modules/credentials/cache.ts';
import { credentialsModule } from './modules/credentials/plugin.ts';
import { credentialRepresentations } from './modules/credentials/representations.ts';
import { en18222Module } from './modules/en18222/plugin.ts';
import { grantsModule } from './modules/grants/plugin.ts';
import {
  accessLogWriterFor,
  grantCovers,
  grantFromToken,
  recordGrantRead,
} from './modules/grants/service.ts';
import { gs1Module } from './modules/gs1/plugin.ts';
import { keysModule } from './modules/keys/plugin.ts';
import { keyFinder, principalCache } from './modules/keys/service.ts';
import { labelsModule } from './modules/labels/plugin.ts';
import { soapEoriRegistry } from './modules/operators/eori-client.ts';
import { pageRepresentation } from './modules/pages/representation.ts';
import { partiesModule } from './modules/parties/plugin.ts';
import { passportsModule } from './modules/passports/plugin.ts';
import { registryContext, registryModule } from './modules/registry/plugin.ts';
import { resolutionModule } from './modules/resolution/plugin.ts';
import { renderCache } from './modules/resolution/render-cache.ts';
import { sealingModule } from './modules/sealing/plugin.ts';
import { sealsModule } from './modules/seals/plugin.ts';
import { sealingSetup } from './modules/seals/setup.ts';
import { serviceModule } from './modules/service/plugin.ts';
import { traceabilityModule } from './modules/traceability/plugin.ts';
import { unitsModule } from './modules/units/plugin.ts';
import { vocabularyModule } from './modules/vocabulary/plugin.ts';
import { webhooksModule } from './modules/webhooks/plugin.ts';
import { whoamiModule } from './modules/whoami/plugin.ts';
import { workspacesModule } from './modules/workspaces/plugin.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Where anonymous public reads go (Database.readDb): replicas while they keep up; `db` by default. */
  readDb?: Db;
  /** The replicas' routed pool: a write on this instance withdraws their trust until checked again. */
  replicas?: { invalidate(): void };
  clock?: () => Date;
  /** SHA-256 of the platform admin token in force (PLATFORM_ADMIN_TOKEN, or the one generated at first boot). */
  adminTokenHash?: string;
  logger?: FastifyServerOptions['logger'];
  /** Change notifications of the store: other instances' commits drop cached state here. */
  changes?: ChangeFeed;
  /** Rejects when the store's disk refuses a write (Database.probeWrite); /health reports it. */
  probeStoreWrite?: () => Promise<void>;
  /** How long public answers are kept (default one second; 0 keeps none, for benchmarks). */
  renderCacheTtlMs?: number;
  /** The master key when it comes from elsewhere than MASTER_KEY (the embedded store's own). */
  masterKey?: Uint8Array;
  /** Overrides the EORI registry built from EORI_VALIDATION_URL (tests inject their own). */
  eoriRegistry?: EoriRegistry;
  /** Runs before any route exists, so its hooks see every answer (tests check them against the schemas). */
  instrument?: (app: FastifyInstance) => void;
  /** The certificate and key of TLS_CERT / TLS_KEY (read by readTlsFiles): the node serves https. */
  tls?: TlsFiles;
}

// The 405 shadow router is built with the same options, so both agree on which paths exist.
const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 2048 } as const;

const REDACTED_HEADERS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'];

/** The header of the node's in-process reads of its own public answers (registry checks). */
const SELF_CHECK_HEADER = 'x-opendpp-self-check';

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const adminTokenHash =
    options.adminTokenHash ?? (config.platformAdminToken ? hashToken(config.platformAdminToken) : undefined);

  const isAdminToken = (token: string) =>
    adminTokenHash !== undefined && sameHash(hashToken(token), adminTokenHash);
  // The node's in-process reads of its own public answers carry this header (docs/registry.md).
  const selfCheckToken = randomBytes(32).toString('base64url');
  const selfCheckTokenHash = hashToken(selfCheckToken);
  const isSelfRequest = (request: FastifyRequest) => {
    const presented = request.headers[SELF_CHECK_HEADER];
    return typeof presented === 'string' && sameHash(hashToken(presented), selfCheckTokenHash);
  };
  const timeouts = serverTimeouts(config.httpTimeouts);
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? {
      level: config.logLevel,
      redact: REDACTED_HEADERS,
      serializers: { req: requestSerializer },
    },
    genReqId: requestIdFrom,
    requestIdHeader: false,
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: SERVICE_BODY_LIMIT,
    pluginTimeout: config.pluginTimeoutMs,
    ...timeouts,
    routerOptions: ROUTER_OPTIONS,
    frameworkErrors,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  };
  // Node's https server takes the http server's options (the deadlines) beside the certificate; Fastify
  // ignores `http` once `https` is given. Its server is an http.Server in all the ways the app uses,
  // so the instance keeps the one App type rather than a second one for https.
  const tlsOptions = options.tls ? { https: { ...timeouts.http, ...options.tls } } : {};
  const app = Fastify({
    ...serverOptions,
    ...tlsOptions,
  } as FastifyServerOptions).withTypeProvider<TypeBoxTypeProvider>();

  const budgets = config.redisUrl ? budgetStore(config.redisUrl, app.log) : undefined;
  if (budgets) app.addHook('onClose', () => budgets.close());
  // Without this wait, requests arriving before the connection is up would go uncounted.
  await budgets?.connected;

  options.instrument?.(app);
  registerRequestId(app);
  registerSecurityHeaders(app);
  registerCors(app);
  registerHostCheck(app);
  registerErrorHandler(app);
  registerJsonBodies(app);
  registerBodyLimits(app);
  registerQueryStringChecks(app);
  registerCommonAnswers(app);
  registerCacheClock(app);
  registerMethodHandling(app, ROUTER_OPTIONS);
  const limits = await registerRateLimits(app, config.rateLimits, budgets?.redis);
  if (options.replicas) registerWriteSignal(app, options.replicas);
  // Cached principals of a workspace are dropped when another instance commits a change to it.
  const principals = principalCache(keyFinder(db), clock);
  // Rendered public answers: a workspace's writes drop its entries here, other instances' within a second.
  // Credential state kept in memory: a workspace's writes drop its signing key here too.
  const credentials = credentialCache();
  const renders = renderCache(
    options.renderCacheTtlMs === undefined ? {} : { ttlMs: options.renderCacheTtlMs },
  );
  if (options.changes) {
    const unsubscribe = [
      options.changes.onChange((payload) => {
        if (!payload.startsWith('tenant:')) return;
        principals.forgetTenant(payload.slice('tenant:'.length));
        renders.forgetTenant(payload.slice('tenant:'.length));
        credentials.forgetTenant(payload.slice('tenant:'.length));
      }),
      options.changes.onReset(() => {
        principals.forgetAll();
        renders.forgetAll();
        credentials.forgetAll();
      }),
    ];
    app.addHook('onClose', async () => {
      for (const stop of unsubscribe) stop();
    });
  }
  // Access-log entries are queued by reads and written just after: a failed write is logged (and
  // retried by the writer), and closing the app writes what is still queued.
  const accessLog = accessLogWriterFor(db);
  const stopHearingAccessLog = accessLog.onError((error) =>
    app.log.warn({ err: loggableError(error) }, 'access log entries not written yet; retrying'),
  );
  app.addHook('onClose', async () => {
    stopHearingAccessLog();
    await accessLog.flush();
  });
  // Cookies are parsed before the auth hook runs, which reads the console's session cookie.
  await app.register(fastifyCookie, { hook: 'onRequest' });
  const sealing = sealingSetup(config, options.masterKey);
  const sessions = sessionService(
    { db, clock, baseUrl: config.publicBaseUrl, sealing },
    sessionKeys(sealing.masterKey),
  );
  registerAuth(app, {
    lookupKey: (token) => principals.lookup(token),
    forgetWorkspace: (tenantId) => {
      principals.forgetTenant(tenantId);
      renders.forgetTenant(tenantId);
      credentials.forgetTenant(tenantId);
    },
    isAdminToken,
    isSelfRequest,
    publicHost: new URL(config.publicBaseUrl).hostname.toLowerCase(),
    limits,
    sessions: sessions.auth,
  });
  await registerOpenApi(app, config.publicBaseUrl);

  const eoriRegistry =
    options.eoriRegistry ??
    (config.eoriValidationUrl
      ? soapEoriRegistry({
          url: config.eoriValidationUrl,
          onError: (error) => app.log.warn({ err: loggableError(error) }, 'EORI registry unavailable'),
        })
      : undefined);
  const context: AppContext = {
    config,
    db,
    readDb: options.readDb ?? db,
    clock,
    baseUrl: config.publicBaseUrl,
    sealing,
    lookupKey: (token) => principals.lookup(token),
    representations: [...jsonLd, aasRepresentation, pageRepresentation],
    ...(budgets ? { budgetStoreReachable: () => budgets.reachable() } : {}),
    ...(options.probeStoreWrite ? { probeStoreWrite: options.probeStoreWrite } : {}),
    ...(eoriRegistry ? { eoriRegistry } : {}),
  };
  // The registry's checks, shared by its API and the console's overview: the node asked in process
  // as the registry asks it over the network, and the backup targets' answers remembered.
  const registry = registryContext(context, async (path, host) => {
    const answer = await app.inject({
      method: 'GET',
      url: path,
      headers: { host, accept: 'application/ld+json', [SELF_CHECK_HEADER]: selfCheckToken },
    });
    return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
  });
  // In this order: the OpenAPI document lists the routes as they are registered.
  const modules = [
    mount(serviceModule, { context }),
    mount(whoamiModule, { context }),
    mount(keysModule, { context }),
    mount(workspacesModule, { context }),
    mount(categoriesModule, { context }),
    mount(partiesModule, { context }),
    mount(vocabularyModule, { context }),
    mount(passportsModule, { context }),
    mount(sealingModule, { context }),
    mount(sealsModule, { context }),
    mount(credentialsModule, { context }),
    mount(resolutionModule, {
      context,
      cache: renders,
      representations: credentialRepresentations(context, credentials),
      grants: { find: grantFromToken, covers: grantCovers, record: recordGrantRead },
      ...(config.custodyOf ? { custody: custodyOf(context, config.custodyOf) } : {}),
    }),
    mount(unitsModule, { context }),
    mount(labelsModule, { context }),
    mount(gs1Module, { context }),
    mount(webhooksModule, { context }),
    mount(backupOriginModule, { context }),
    mount(traceabilityModule, { context }),
    mount(en18222Module, { context }),
    mount(grantsModule, { context }),
    mount(credentialAccessModule, { context }),
    mount(backupHostModule, { context, isAdminToken }),
    mount(registryModule, { context, registry }),
    mount(consoleModule, { context, sessions, registry, inject: (request) => app.inject(request) }),
  ];
  await app.register(async (scope) => {
    for (const registerModule of modules) await registerModule(scope);
  });
  await app.ready();
  return app;
}
