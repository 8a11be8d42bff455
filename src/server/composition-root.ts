import { importImageKey } from '../contract/index.js';
import { buildHttpApp, type LoggerOption } from './app.js';
import { s3SettingsOf, type Config, type MediaStoreKind } from './config.js';
import type { App, Ctx, CtxOverrides } from './context.js';
import { migrateToLatest, openDatabase, type Database } from './db/database.js';
import { registerDemo, type DemoPlugin } from './demo/plugin.js';
import { DbCatalogueStore } from './infra/catalogue/db-catalogue-store.js';
import { DatabaseJobs, type JobsLog } from './infra/jobs/database-jobs.js';
import { FsMediaStore, fsMediaRoot } from './infra/media/fs-media-store.js';
import { S3MediaStore } from './infra/media/s3-media-store.js';
import { systemClock } from './infra/system-clock.js';
import type { MediaStore } from './ports/media-store.js';
import { registerServerJobs } from './server-jobs.js';
import { PasswordHasher } from './services/password-hasher.js';
import { ensureProviderChannels, seedPayDefaultsIfNew } from './services/pay/defaults.js';
import { PAY_PROVIDERS } from './services/pay/providers.js';
import { buildProviderRegistry, resolveProviders } from './services/provider-registry.js';
import { loadSecrets } from './services/secrets.js';
import { SMS_PROVIDERS } from './services/sms/providers.js';

/**
 * The composition root: the one module that turns configuration into a running service. It picks and
 * builds every adapter behind the ports (media store, clock, jobs, catalogue store, provider
 * registries), registers the server's jobs and the demo plugin, and starts and stops the jobs with the
 * HTTP server. main.ts, the CLIs and the tests all build through it; tests pass `overrides` (a fake
 * clock, a temporary store, stub providers) instead of reassigning anything global.
 */

/**
 * Refuses a configuration the service cannot run with (ConfigError naming the setting): checked
 * before the database is opened, so a wrong setting costs nothing but its one line.
 */
export function checkConfig(config: Config): void {
  resolveProviders(PAY_PROVIDERS, config);
  resolveProviders(SMS_PROVIDERS, config);
  if (config.mediaStore === 's3') s3SettingsOf(config);
}

/**
 * The media store of `kind` (MEDIA_STORE unless named: `npm run media -- copy` opens both): the
 * file-system store under DATA_DIR/media, or the S3 bucket of the S3_* settings (ConfigError when one
 * is missing).
 */
export function buildMediaStore(config: Config, kind: MediaStoreKind = config.mediaStore): MediaStore {
  if (kind === 's3') return new S3MediaStore(s3SettingsOf(config));
  return new FsMediaStore(fsMediaRoot(config.dataDir));
}

/** The service context on a database: every adapter built from configuration unless overridden. */
export async function buildContext(
  config: Config,
  database: Database,
  overrides: CtxOverrides = {},
  log?: JobsLog,
): Promise<Ctx> {
  await loadSecrets(config, database.db);
  const clock = overrides.clock ?? systemClock;
  const deps = { db: database.db, config, clock };
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    imageKey: await importImageKey(config.imageKey),
    hasher: overrides.hasher ?? new PasswordHasher(config.hashQueueMax),
    media: overrides.media ?? buildMediaStore(config),
    payProviders: overrides.payProviders ?? buildProviderRegistry(PAY_PROVIDERS, config, deps),
    smsProviders: overrides.smsProviders ?? buildProviderRegistry(SMS_PROVIDERS, config, deps),
    clock,
    jobs: overrides.jobs ?? new DatabaseJobs({ db: database.db, clock, log }),
    catalogue: overrides.catalogue ?? new DbCatalogueStore(database.db, database.dialect),
  };
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: LoggerOption;
  /** Parts of the service context to use instead of the configured ones (tests). */
  overrides?: CtxOverrides;
}

const services = new WeakMap<object, { ctx: Ctx; demo: DemoPlugin | null }>();

/** The service context an app was built on (tests and CLIs reach its adapters through it). */
export function contextOf(app: App): Ctx {
  const s = services.get(app);
  if (!s) throw new Error('not an app built by buildApp');
  return s.ctx;
}

/** The demo plugin of an app built with DEMO on, else null. */
export function demoOf(app: App): DemoPlugin | null {
  return services.get(app)?.demo ?? null;
}

/**
 * One app on a migrated database: its context, the HTTP app, the server's jobs (run only while it
 * listens) and, with DEMO on, the demo plugin (its seed runs in startService).
 */
export async function buildApp({ config, database, logger = false, overrides }: BuildOptions): Promise<App> {
  // The jobs log through the app's logger, which exists only once the context does.
  const built: { app?: App } = {};
  const ctx = await buildContext(config, database, overrides, (level, msg, extra) =>
    built.app?.log[level](extra ?? {}, msg),
  );
  const app = (built.app = await buildHttpApp(ctx, logger));
  registerServerJobs(app, ctx);
  const log = app.log;
  const demo = config.demo ? registerDemo(ctx, { info: (msg) => log.info(msg) }) : null;
  services.set(app, { ctx, demo });
  return app;
}

/** The configured database, migrated to the latest schema. */
export async function openMigrated(config: Config): Promise<Database> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return database;
  } catch (err) {
    await database.destroy();
    throw err;
  }
}

/** A context on the configured, migrated database, for command-line tools (no HTTP, no jobs running). */
export async function openService(config: Config): Promise<{ config: Config; database: Database; ctx: Ctx }> {
  checkConfig(config);
  const database = await openMigrated(config);
  try {
    return { config, database, ctx: await buildContext(config, database) };
  } catch (err) {
    await database.destroy();
    throw err;
  }
}

/**
 * The whole service as `npm start` runs it: configuration checked, database migrated, the app built, a
 * new install's pay defaults written, each configured provider's channel present and, with DEMO on, the demo seeded when the database is empty.
 * Listening (and with it the jobs) is the caller's next step.
 */
export async function startService(
  config: Config,
  logger: LoggerOption = true,
): Promise<{ app: App; database: Database; ctx: Ctx }> {
  checkConfig(config);
  const database = await openMigrated(config);
  try {
    const app = await buildApp({ config, database, logger });
    const ctx = contextOf(app);
    await seedPayDefaultsIfNew(ctx.db);
    await ensureProviderChannels(ctx.db, ctx.payProviders.names());
    await demoOf(app)?.seed();
    return { app, database, ctx };
  } catch (err) {
    await database.destroy();
    throw err;
  }
}
