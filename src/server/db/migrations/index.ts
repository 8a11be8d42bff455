import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_catalogue.js';
import * as m0003 from './0003_pay.js';
import * as m0004 from './0004_player_ads.js';
import * as m0005 from './0005_vod_danmu.js';
import * as m0006 from './0006_order_expiry.js';
import * as m0007 from './0007_sms_codes.js';
import * as m0008 from './0008_read_marks.js';
import * as m0009 from './0009_vod_trial_seconds.js';
import * as m0010 from './0010_watch_marks.js';
import * as m0011 from './0011_not_null_keys.js';
import * as m0012 from './0012_jobs.js';
import * as m0013 from './0013_sms_codes_per_account.js';
import * as m0014 from './0014_refunds.js';

/** Migrations are listed here (not read from disk) so bundling and tsx agree on what runs. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_catalogue': m0002,
  '0003_pay': m0003,
  '0004_player_ads': m0004,
  '0005_vod_danmu': m0005,
  '0006_order_expiry': m0006,
  '0007_sms_codes': m0007,
  '0008_read_marks': m0008,
  '0009_vod_trial_seconds': m0009,
  '0010_watch_marks': m0010,
  '0011_not_null_keys': m0011,
  '0012_jobs': m0012,
  '0013_sms_codes_per_account': m0013,
  '0014_refunds': m0014,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
