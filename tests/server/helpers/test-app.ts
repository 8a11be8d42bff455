import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp, buildMediaStore, contextOf } from '../../../src/server/composition-root.js';
import { loadConfig, type Config } from '../../../src/server/config.js';
import { migrateToLatest, openDatabase, type Database } from '../../../src/server/db/database.js';
import type { App, Ctx, CtxOverrides } from '../../../src/server/context.js';
import type { MediaStore } from '../../../src/server/ports/media-store.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  /** The app's service context: its database, clock, stores and providers. */
  ctx: Ctx;
  /** The app's media store (the one in its context): tests put fixture files in it. */
  media: MediaStore;
  close(): Promise<void>;
}

/** Where a fresh database lives: a temp folder, and with TEST_DATABASE_URL a fresh schema there too. */
export interface ScratchDatabase {
  dataDir: string;
  /** PostgreSQL only: the URL whose search_path is the fresh schema. */
  databaseUrl?: string;
  schema?: string;
  /** Drops the schema and removes the folder (close every connection to it first). */
  dispose(): Promise<void>;
}

/**
 * A fresh SQLite file's folder, or, when TEST_DATABASE_URL is set, also a fresh schema in that
 * PostgreSQL database: every test app and migration test starts from nothing and leaves nothing.
 */
export async function scratchDatabase(prefix = 'inkreel-test-'): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) return { dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase({ databaseUrl: pgUrl, dataDir });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.destroy();
  const sep = pgUrl.includes('?') ? '&' : '?';
  return {
    dataDir,
    schema,
    databaseUrl: `${pgUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async dispose() {
      const drop = openDatabase({ databaseUrl: pgUrl, dataDir });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(drop.db);
      await drop.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real app on a real database: a fresh SQLite file in a temp folder, or, when
 * TEST_DATABASE_URL is set, a fresh schema in that PostgreSQL database. Its media store is the one
 * the settings choose (DATA_DIR/media unless `env` says MEDIA_STORE=s3); with TEST_MEDIA_STORE=s3 a
 * test that names no store gets a local S3 server of its own (helpers/s3-server.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Runs before the app is ready: hooks a test adds to watch every call. */
  beforeReady?: (app: App) => void,
  /** Context parts used instead of the configured ones (makeCtx's overrides). */
  overrides: CtxOverrides = {},
): Promise<TestApp> {
  let s3: TestS3Server | undefined;
  if (process.env.TEST_MEDIA_STORE === 's3' && !env.MEDIA_STORE && !overrides.media) {
    s3 = await startS3Server();
    env = { ...env, ...s3.env };
  }
  const scratch = await scratchDatabase();
  const { dataDir, databaseUrl, schema } = scratch;
  let database: Database | undefined;
  let media: MediaStore | undefined;
  let app: App;
  let config: Config;
  // A store built here is closed here (an S3 client's connections); one passed in is the test's.
  const closeStore = () => {
    if (media && !overrides.media && 'destroy' in media) (media as { destroy(): void }).destroy();
  };
  try {
    // Every answer is checked against its call's schema in tests (off in production for speed).
    config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CHECK_ANSWERS: '1', ...env });
    config.databaseUrl = databaseUrl ?? config.databaseUrl;
    database = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    await migrateToLatest(database.db, schema);
    // The store the configuration would build, made here so the test holds the app's own instance.
    media = overrides.media ?? buildMediaStore(config);
    app = await buildApp({ config, database, overrides: { ...overrides, media } });
    beforeReady?.(app);
    await app.ready();
  } catch (err) {
    // A refused start (a test of a bad setting) leaves no folder, schema or server behind.
    await database?.destroy();
    closeStore();
    await s3?.stop();
    await scratch.dispose();
    throw err;
  }
  const db = database;
  const store = media;
  return {
    app,
    database: db,
    config,
    ctx: contextOf(app),
    media: store,
    async close() {
      await app.close();
      await db.destroy();
      closeStore();
      await s3?.stop();
      await scratch.dispose();
    },
  };
}
