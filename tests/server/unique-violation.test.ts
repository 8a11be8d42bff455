/**
 * A write refused by a unique key is recognised the same way on SQLite and PostgreSQL (set
 * TEST_DATABASE_URL for the latter), with the table and columns of the key it ran into.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, uniqueViolation } from '../../src/server/db/unique-violation.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe(`unique-key violations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** What the database throws for `write`; fails the test when it throws nothing. */
  async function refusal(write: () => Promise<unknown>): Promise<unknown> {
    try {
      await write();
    } catch (err) {
      return err;
    }
    throw new Error('the write was not refused');
  }

  const user = (account: string, mobile: string | null = null) =>
    db()
      .insertInto('users')
      .values({
        account,
        password_hash: 'x',
        visitor_id: `v-${account}`,
        branch_id: 0,
        mobile,
        from_domain: null,
        device_id: null,
        balance: 0,
        vip_type: 'none',
        vip_end_at: null,
        recharged: 0,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('names the table and column of a one-column unique key', async () => {
    await user('uniq-a', '13800000001');
    const sameAccount = await refusal(() => user('uniq-a'));
    expect(uniqueViolation(sameAccount)).toEqual({ table: 'users', columns: ['account'] });
    expect(isUniqueViolation(sameAccount)).toBe(true);
    expect(isUniqueViolation(sameAccount, { table: 'users', columns: ['account'] })).toBe(true);
    expect(isUniqueViolation(sameAccount, { table: 'users', columns: ['mobile'] })).toBe(false);
    expect(isUniqueViolation(sameAccount, { table: 'purchases' })).toBe(false);

    const sameMobile = await refusal(() => user('uniq-b', '13800000001'));
    expect(isUniqueViolation(sameMobile, { table: 'users', columns: ['mobile'] })).toBe(true);
  });

  it('names every column of a composite key, in any order', async () => {
    const { id } = await user('uniq-c');
    const buy = () =>
      db()
        .insertInto('purchases')
        .values({
          user_id: id,
          item_type: 'chapter',
          item_id: 7,
          price: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
    await buy();
    const twin = await refusal(buy);
    expect(uniqueViolation(twin)).toEqual({
      table: 'purchases',
      columns: ['user_id', 'item_type', 'item_id'],
    });
    expect(
      isUniqueViolation(twin, { table: 'purchases', columns: ['item_id', 'user_id', 'item_type'] }),
    ).toBe(true);
    expect(isUniqueViolation(twin, { table: 'purchases', columns: ['user_id', 'item_id'] })).toBe(false);
  });

  it('counts a primary key as a unique key', async () => {
    const set = () => db().insertInto('settings').values({ key: 'uniq.k', value: '1' }).execute();
    await set();
    const again = await refusal(set);
    expect(uniqueViolation(again)).toEqual({ table: 'settings', columns: ['key'] });
  });

  it('is not fooled by other refusals or other errors', async () => {
    const notNull = await refusal(() =>
      db()
        .insertInto('settings')
        .values({ key: 'uniq.n', value: null as unknown as string })
        .execute(),
    );
    expect(isUniqueViolation(notNull)).toBe(false);
    const foreignKey = await refusal(() =>
      db()
        .insertInto('sessions')
        .values({
          user_id: 999_999_999,
          token_hash: 'uniq-fk',
          created_at: '',
          last_seen_at: '',
          expires_at: '',
          revoked_at: null,
        })
        .execute(),
    );
    expect(isUniqueViolation(foreignKey)).toBe(false);
    expect(isUniqueViolation(new Error('UNIQUE constraint failed: users.account'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
