import { exitOnConfigError, loadConfig } from '../config.js';
import { openService } from '../composition-root.js';
import { seedPayDefaultsIfNew } from '../services/pay/defaults.js';
import { seedIfEmpty } from './seed.js';

/**
 * `npm run seed`: migrates the configured database, writes a new install's pay defaults and, with DEMO
 * on, seeds the demo catalogue if it has no books (npm start runs it beside the first build).
 */
async function main() {
  const config = loadConfig();
  const { database, ctx } = await openService(config);
  try {
    await seedPayDefaultsIfNew(ctx.db);
    if (!config.demo) return console.log('DEMO=0: the demo catalogue is switched off; nothing seeded');
    const log = { info: (msg: string) => console.log(msg) };
    const seeded = await seedIfEmpty(ctx, log);
    if (!seeded) console.log('the catalogue already has books: nothing seeded');
  } finally {
    await database.destroy();
  }
}

main().catch((err: unknown) => {
  exitOnConfigError(err);
  console.error('seed failed', err);
  process.exitCode = 1;
});
