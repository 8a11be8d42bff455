import { importImageKey } from '../../contract/index.js';
import { loadConfig } from '../config.js';
import type { Ctx } from '../context.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { seedIfEmpty } from './index.js';

/** `npm run seed`: migrates the configured database and seeds the demo catalogue if it has no books. */
async function main() {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const ctx: Ctx = {
      db: database.db,
      dialect: database.dialect,
      config,
      imageKey: await importImageKey(config.imageKey),
    };
    const log = { info: (msg: string) => console.log(msg) };
    const seeded = await seedIfEmpty(ctx, log);
    if (!seeded) console.log('the catalogue already has books: nothing seeded');
  } finally {
    await database.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('seed failed', err);
  process.exitCode = 1;
});
