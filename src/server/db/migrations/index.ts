import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.js';

/** Migrations are listed here (not read from disk) so bundling and tsx agree on what runs. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
