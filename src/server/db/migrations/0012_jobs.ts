import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/**
 * Background jobs (infra/jobs): every run is claimed here before it starts, so with several nodes on
 * one database each due run happens once, and a run whose node died is taken over once its claim
 * lapses (the running node renews it meanwhile). job_schedules holds one row per recurring job (when
 * the next run is due, who holds the current one); job_queue one row per one-off run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey().notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    /** Random per claim: only the claim's holder renews or releases it. */
    .addColumn('claim_token', 'text')
    /** The node that holds the claim (host:pid:random), for people reading the table. */
    .addColumn('claimed_by', 'text')
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();

  await withId(db.schema.createTable('job_queue'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    /** JSON, or null for no payload. */
    .addColumn('payload', 'text')
    /** With the name, unique: a second enqueue under the same key adds nothing (nulls never clash). */
    .addColumn('dedupe_key', 'text')
    .addColumn('run_at', 'text', (c) => c.notNull())
    /** PENDING, DONE (kept only when deduplicated), FAILED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('job_queue_dedupe')
    .unique()
    .on('job_queue')
    .columns(['name', 'dedupe_key'])
    .execute();
  await db.schema.createIndex('job_queue_due').on('job_queue').columns(['status', 'run_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('0011_jobs is not reversible');
}
