// Entry point: loadConfig → openDatabase → buildApp → listen, with a graceful shutdown that lets
// in-flight requests finish and closes the store cleanly (PGlite flushes on close). The configuration
// is checked before the service's modules load, so a bad variable is reported at once.
import { buildInfoFromGit } from './build-info.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env, buildInfoFromGit());
  const [
    { buildApp },
    { bootstrap, printFirstBootSecrets },
    { openDatabase },
    { loggableError },
    purging,
    { decodeMasterKey, embeddedMasterKey },
    { startDeliveryWorker },
    { compileCategorySchemas },
  ] = await Promise.all([
    import('./app.ts'),
    import('./bootstrap.ts'),
    import('./db/client.ts'),
    import('./http/loggable-error.ts'),
    import('./modules/units/idempotency-purge.ts'),
    import('./modules/seals/master-key.ts'),
    import('./modules/webhooks/service.ts'),
    import('./domain/categories/engine.ts'),
  ]);
  const { PURGE_INTERVAL_MS, purgeExpiredKeys } = purging;
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const boot = await bootstrap(database, config, new Date());
  // The embedded store keeps its own master key beside its data unless MASTER_KEY is set.
  const masterKey = config.masterKey ? decodeMasterKey(config.masterKey) : embeddedMasterKey(config.dataDir);
  const app = await buildApp({
    config,
    db: database.db,
    changes: database.changes,
    adminTokenHash: boot.adminTokenHash,
    masterKey,
  });
  // Webhook events waiting in the outbox (including those a previous run left) go out from here.
  const deliveries = startDeliveryWorker({
    db: database.db,
    masterKey,
    policy: { allowInsecure: config.webhookAllowInsecureTargets },
    timeoutMs: config.webhookTimeoutMs,
    onError: (error) => app.log.error({ err: loggableError(error) }, 'webhook delivery failed'),
  });

  const purge = setInterval(() => {
    purgeExpiredKeys(database.db, new Date()).catch((error: unknown) =>
      app.log.error({ err: loggableError(error) }, 'idempotency purge failed'),
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`opendpp: ${error.message}\n`);
  } else {
    process.stderr.write(
      `opendpp: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
