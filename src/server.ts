// Entry point: loadConfig → openDatabase → buildApp → listen (https when TLS_CERT and TLS_KEY are
// set), with a graceful shutdown that lets in-flight requests finish and closes the store cleanly
// (PGlite flushes on close). The configuration, TLS files included, is checked before the service's
// modules load, so a bad variable is reported at once. A store that drops its connections is logged
// and reconnected, never a reason to exit.
import { describeThrown, diskProblem } from './boot-failure.ts';
import { buildInfoFromGit } from './build-info.ts';
import { ConfigError, loadConfig } from './config.ts';
import { checkDataDir, DataDirError } from './db/data-dir-check.ts';
import { DataDirLockedError } from './db/lock.ts';
import { plainHttpWarning } from './http/plain-http-warning.ts';
import { readTlsFiles } from './http/tls.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env, buildInfoFromGit());
  // Read before anything else starts: a wrong certificate or key is a configuration error.
  const tls = config.tlsCert && config.tlsKey ? readTlsFiles(config.tlsCert, config.tlsKey) : undefined;
  const [
    { buildApp },
    { bootstrap, printFirstBootSecrets },
    { openDatabase },
    { loggableError },
    purging,
    { decodeMasterKey, embeddedMasterKey },
    { startCachePurge, startDeliveryWorker },
    { startBackupWorker },
    { purgeSignInLocks },
    { compileCategorySchemas },
    { warnOfSharedKeys },
  ] = await Promise.all([
    import('./app.ts'),
    import('./bootstrap.ts'),
    import('./db/client.ts'),
    import('./core/loggable-error.ts'),
    import('./modules/units/idempotency-purge.ts'),
    import('./modules/seals/master-key.ts'),
    import('./modules/webhooks/service.ts'),
    import('./modules/backup-origin/service.ts'),
    import('./modules/console/sign-in-locks.ts'),
    import('./domain/categories/engine.ts'),
    import('./modules/gs1/boot-report.ts'),
  ]);
  const { PURGE_INTERVAL_MS, purgeExpiredKeys } = purging;
  // Store faults before the app's logger exists go to stderr; after, to the log.
  let reportFault = (error: unknown, what: string): void => {
    process.stderr.write(`opendpp: ${what}: ${loggableError(error).message}\n`);
  };
  const onFault = (error: unknown, what: string) => reportFault(error, what);
  // On the embedded store, a failure of its disk while it opens and bootstraps is named as such.
  const onDisk = <T>(work: () => Promise<T> | T) =>
    config.databaseUrl ? Promise.resolve(work()) : blameDisk(config.dataDir, work);
  if (!config.databaseUrl) await checkDataDir(config.dataDir);
  const database = await onDisk(() =>
    openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl, replicaUrls: config.databaseReplicaUrls ?? [] }
        : { dataDir: config.dataDir },
      { onFault },
    ),
  );
  const boot = await onDisk(() => bootstrap(database, config, new Date()));
  // The embedded store keeps its own master key beside its data unless MASTER_KEY is set.
  const masterKey = config.masterKey
    ? decodeMasterKey(config.masterKey)
    : await onDisk(() => embeddedMasterKey(config.dataDir));
  const app = await buildApp({
    config,
    db: database.db,
    readDb: database.readDb,
    ...(database.replicas ? { replicas: database.replicas } : {}),
    changes: database.changes,
    ...(database.probeWrite ? { probeStoreWrite: database.probeWrite } : {}),
    adminTokenHash: boot.adminTokenHash,
    masterKey,
    ...(tls ? { tls } : {}),
  });
  const plainHttp = plainHttpWarning(config.publicBaseUrl);
  if (plainHttp) app.log.warn(plainHttp);
  reportFault = (error, what) => app.log.warn({ err: loggableError(error) }, what);
  // Webhook events waiting in the outbox (including those a previous run left) go out from here.
  const deliveries = startDeliveryWorker({
    db: database.db,
    masterKey,
    policy: { allowInsecure: config.webhookAllowInsecureTargets },
    timeoutMs: config.webhookTimeoutMs,
    onError: (error) => app.log.error({ err: loggableError(error) }, 'webhook delivery failed'),
  });
  // Every change's tags go to the shared cache's purge hook (deploy/nginx/, docs/deployment.md).
  const cachePurge =
    config.cachePurgeUrl && config.cachePurgeSecret
      ? startCachePurge({
          url: config.cachePurgeUrl,
          secret: config.cachePurgeSecret,
          changes: database.changes,
          timeoutMs: config.webhookTimeoutMs,
          onError: (error) => app.log.warn({ err: loggableError(error) }, 'cache purge failed'),
        })
      : undefined;
  // Sealed passport versions waiting for the backup nodes (docs/backup.md) go out from here.
  const backups = startBackupWorker({
    db: database.db,
    masterKey,
    baseUrl: config.publicBaseUrl,
    policy: { allowInsecure: config.backupAllowInsecureTargets },
    timeoutMs: config.webhookTimeoutMs,
    onError: (error) => app.log.error({ err: loggableError(error) }, 'backup push failed'),
  });

  // Hourly housekeeping: idempotency records past their window, sign-in counts idle for a day.
  const purge = setInterval(() => {
    purgeExpiredKeys(database.db, new Date()).catch((error: unknown) =>
      app.log.error({ err: loggableError(error) }, 'idempotency purge failed'),
    );
    purgeSignInLocks(database.db, new Date()).catch((error: unknown) =>
      app.log.error({ err: loggableError(error) }, 'sign-in lock purge failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    try {
      await deliveries.stop();
      await cachePurge?.stop();
      await backups.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: loggableError(error) }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  // Before the first request can arrive, so no caller waits for a schema's compilation.
  compileCategorySchemas();
  await app.listen({ port: config.port, host: config.host });
  if (boot.firstBootSecrets) printFirstBootSecrets(boot.firstBootSecrets, config.publicBaseUrl);
  if (boot.adminTokenNote) app.log[boot.adminTokenNote.level](boot.adminTokenNote.message);
  // After listening: the report reads every GS1-keyed passport and need not delay the first request.
  warnOfSharedKeys(database.db, app.log).catch((error: unknown) =>
    app.log.error({ err: loggableError(error) }, 'the GS1 key conflict report failed'),
  );
}

/** Runs `work` on the embedded store's data directory; a failure caused by its disk says so. */
async function blameDisk<T>(dataDir: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const problem = diskProblem(error, dataDir);
    throw problem ? new DataDirError(problem) : error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirError) {
    process.stderr.write(`opendpp: ${error.message}\n`);
  } else {
    process.stderr.write(`opendpp: failed to start: ${describeThrown(error)}\n`);
  }
  process.exit(1);
});
