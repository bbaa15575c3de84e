// buildApp: the whole HTTP service as a Fastify instance, without listening and without globals,
// so tests build as many as they like against one store.

import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
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
import { registerCommonAnswers } from './http/common-answers.ts';
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
import { aasRepresentation } from './modules/aas/representation.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import {
  consoleAdminRoutes,
  consoleApiRoutes,
  consolePages,
  sessionKeys,
  sessionService,
} from './modules/console/service.ts';
import { credentialCache } from './modules/credentials/cache.ts';
import { credentialRepresentations } from './modules/credentials/representations.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { lifeCycleRoutes } from './modules/en18222/routes.ts';
import { facilityRoutes } from './modules/facilities/routes.ts';
import { requestAccessRoutes } from './modules/grants/request-routes.ts';
import { grantRoutes } from './modules/grants/routes.ts';
import {
  accessLogWriterFor,
  grantCovers,
  grantFromToken,
  recordGrantRead,
} from './modules/grants/service.ts';
import { gs1AdminRoutes } from './modules/gs1/admin-routes.ts';
import { gs1Routes } from './modules/gs1/routes.ts';
import { keyRoutes } from './modules/keys/routes.ts';
import { keyFinder, principalCache } from './modules/keys/service.ts';
import { soapEoriRegistry } from './modules/operators/eori-client.ts';
import { operatorRoutes } from './modules/operators/routes.ts';
import { pageRepresentation } from './modules/pages/representation.ts';
import { passportAasIngestRoutes } from './modules/passports/aas-ingest-routes.ts';
import { passportHistoryRoutes } from './modules/passports/history-routes.ts';
import { passportLabelRoutes } from './modules/passports/label-routes.ts';
import { passportQrRoutes } from './modules/passports/qr-routes.ts';
import { passportRoutes } from './modules/passports/routes.ts';
import { renderCache } from './modules/resolution/render-cache.ts';
import { resolutionRoutes } from './modules/resolution/routes.ts';
import { sealRoutes } from './modules/seals/routes.ts';
import { sealingSetup } from './modules/seals/setup.ts';
import { serviceRoutes } from './modules/service/routes.ts';
import { traceabilityRoutes } from './modules/traceability/routes.ts';
import { unitQrRoutes } from './modules/units/qr-routes.ts';
import { passportUnitRoutes } from './modules/units/serialisation-routes.ts';
import { unitRoutes } from './modules/units/unit-routes.ts';
import { vocabularyRoutes } from './modules/vocabulary/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { whoamiRoutes } from './modules/whoami/routes.ts';
import { workspaceRoutes } from './modules/workspaces/routes.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
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

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const adminTokenHash =
    options.adminTokenHash ?? (config.platformAdminToken ? hashToken(config.platformAdminToken) : undefined);

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
  registerHostCheck(app);
  registerErrorHandler(app);
  registerJsonBodies(app);
  registerBodyLimits(app);
  registerQueryStringChecks(app);
  registerCommonAnswers(app);
  registerMethodHandling(app, ROUTER_OPTIONS);
  const limits = await registerRateLimits(app, config.rateLimits, budgets?.redis);
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
    isAdminToken: (token) => adminTokenHash !== undefined && sameHash(hashToken(token), adminTokenHash),
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
    clock,
    baseUrl: config.publicBaseUrl,
    sealing,
    lookupKey: (token) => principals.lookup(token),
    representations: [...jsonLd, aasRepresentation, pageRepresentation],
    ...(budgets ? { budgetStoreReachable: () => budgets.reachable() } : {}),
    ...(options.probeStoreWrite ? { probeStoreWrite: options.probeStoreWrite } : {}),
    ...(eoriRegistry ? { eoriRegistry } : {}),
  };
  await app.register(async (scope) => {
    const routes = scope as unknown as App;
    await serviceRoutes(routes, context);
    await whoamiRoutes(routes);
    await keyRoutes(routes, context);
    await workspaceRoutes(routes, context);
    await categoryRoutes(routes, context);
    await operatorRoutes(routes, context);
    await facilityRoutes(routes, context);
    await vocabularyRoutes(routes, context);
    await passportRoutes(routes, context);
    await passportAasIngestRoutes(routes, context);
    await passportHistoryRoutes(routes, context);
    await passportQrRoutes(routes, context);
    await passportLabelRoutes(routes, context);
    await sealRoutes(routes, context);
    await credentialRoutes(routes, context);
    await resolutionRoutes(routes, context, {
      cache: renders,
      representations: credentialRepresentations(context, credentials),
      grants: { find: grantFromToken, covers: grantCovers, record: recordGrantRead },
    });
    await passportUnitRoutes(routes, context);
    await unitRoutes(routes, context);
    await unitQrRoutes(routes, context);
    await gs1Routes(routes, context);
    await gs1AdminRoutes(routes, context);
    await webhookRoutes(routes, context);
    await traceabilityRoutes(routes, context);
    await lifeCycleRoutes(routes, context);
    await grantRoutes(routes, context);
    await requestAccessRoutes(routes, context);
    await consoleAdminRoutes(routes, context);
    await consoleApiRoutes(routes, context, sessions);
    // The console acts through the node's own API, as the signed-in member.
    await consolePages(routes, context, sessions, (request) => app.inject(request));
  });
  await app.ready();
  return app;
}
