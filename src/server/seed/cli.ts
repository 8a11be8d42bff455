import { loadConfig } from '../config.js';
import { openService } from '../bootstrap.js';
import { seedIfEmpty } from './index.js';

/** `npm run seed`: migrates the configured database and seeds the demo catalogue if it has no books. */
async function main() {
  const { database, ctx } = await openService(loadConfig());
  try {
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
