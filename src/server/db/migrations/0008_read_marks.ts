import type { Kysely } from 'kysely';

/**
 * A read counts towards a book's read and weekly counts once per reader (user, or address without a
 * session), chapter and day (Asia/Shanghai): the first read inserts the mark, repeats find it there.
 * Rows of past days are pruned; the day leads the key so that delete walks the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('read_marks')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('reader', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('read_marks_pk', ['day', 'chapter_id', 'reader'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('0008_read_marks is not reversible');
}
