import { performance } from 'node:perf_hooks';
import { DEFAULT_SCRYPT_COST_LOG2, exitOnConfigError, loadConfig } from './config.js';
import { startService } from './composition-root.js';
import { startupWarnings } from './startup-warnings.js';

/**
 * Starts the service through the composition root (database, migrations, adapters, the demo when on and
 * the database is empty), then listens; a listening server runs the jobs.
 */
async function main() {
  const config = loadConfig();
  const { app, database } = await startService(config);
  const log = app.log;
  if (config.scryptCostLog2 < DEFAULT_SCRYPT_COST_LOG2) {
    log.warn(
      { scryptCostLog2: config.scryptCostLog2 },
      'SCRYPT_COST_LOG2 lowers password hashing cost: tests only',
    );
  }
  for (const warning of startupWarnings(config)) log.warn(warning);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // In-flight calls finish; new ones get 503 while closing.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.destroy();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(
    {
      port: config.port,
      database: database.dialect,
      media: config.mediaStore,
      startupMs: Math.round(performance.now()),
    },
    'inkreel started',
  );
}

main().catch((err: unknown) => {
  exitOnConfigError(err);
  console.error('inkreel failed to start', err);
  process.exit(1);
});
