import { importImageKey } from '../contract/index.js';
import { loadConfig, type Config } from './config.js';
import type { Ctx } from './context.js';
import { migrateToLatest, openDatabase, type Database } from './db/database.js';
import { loadSecrets } from './services/secrets.js';

/** What services get: the database, its dialect, configuration and the imported image key. */
export async function makeCtx(config: Config, database: Database): Promise<Ctx> {
  await loadSecrets(config, database.db);
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    imageKey: await importImageKey(config.imageKey),
  };
}

/** The configured database, migrated to the latest schema, and a service context on it (server and CLIs). */
export async function openService(
  config: Config = loadConfig(),
): Promise<{ config: Config; database: Database; ctx: Ctx }> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return { config, database, ctx: await makeCtx(config, database) };
  } catch (err) {
    await database.destroy();
    throw err;
  }
}
