import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { DEFAULT_SCRYPT_COST_LOG2, loadConfig } from './config.js';
import { openService } from './bootstrap.js';
import { finishDemoVideos, seedIfEmpty } from './seed/index.js';
import { startupWarnings } from './startup-warnings.js';

/** Starts the service: database, migrations, demo catalogue when empty, then the HTTP server. */
async function main() {
  const { config, database, ctx } = await openService(loadConfig());

  const app = await buildApp({ config, database, logger: true });
  const log = app.log;
  if (config.scryptCostLog2 < DEFAULT_SCRYPT_COST_LOG2) {
    log.warn(
      { scryptCostLog2: config.scryptCostLog2 },
      'SCRYPT_COST_LOG2 lowers password hashing cost: tests only',
    );
  }
  for (const warning of startupWarnings(config)) log.warn(warning);
  await seedIfEmpty(ctx, log);

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
    { port: config.port, database: database.dialect, startupMs: Math.round(performance.now()) },
    'inkreel started',
  );
  // The demo videos left for after the first start are made while the server answers.
  finishDemoVideos(ctx, log).catch((err: unknown) => log.error({ err }, 'demo videos failed'));
}

main().catch((err: unknown) => {
  console.error('inkreel failed to start', err);
  process.exit(1);
});
