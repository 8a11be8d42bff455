import { CamelCasePlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/server/db/prepared.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('prepared queries (built and compiled once, values bound per call)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let builds = 0;
  const put = prepared((db, p: { key: string; value: string }) => {
    builds++;
    return db
      .insertInto('settings')
      .values({ key: p.key, value: p.value })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: p.value }).where('settings.value', '!=', p.value),
      );
  });
  const get = prepared((db, p: { key: string }) => {
    builds++;
    return db.selectFrom('settings').select(['key', 'value']).where('key', '=', p.key);
  });
  // A constant written into the builder stays as compiled; only `p` changes per call.
  const prefixed = prepared((db, p: { like: string }) =>
    db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', p.like)
      .where('value', '!=', 'hidden')
      .orderBy('key'),
  );

  it('answers each call with its own values, compiling each query once', async () => {
    const db = t.database.db;
    for (const [key, value] of [
      ['prep:a', '1'],
      ['prep:b', '2'],
      ['prep:c', 'hidden'],
    ] as const)
      await put.run(db, { key, value });
    expect(await get.executeTakeFirst(db, { key: 'prep:b' })).toEqual({ key: 'prep:b', value: '2' });
    expect(await get.executeTakeFirst(db, { key: 'prep:missing' })).toBeUndefined();
    // The same value bound in several places: the upsert's set and its guard.
    await put.run(db, { key: 'prep:a', value: '9' });
    expect(await get.executeTakeFirst(db, { key: 'prep:a' })).toEqual({ key: 'prep:a', value: '9' });
    expect((await prefixed.execute(db, { like: 'prep:%' })).map((r) => r.key)).toEqual(['prep:a', 'prep:b']);
    expect(builds).toBe(2);
  });

  it('keeps calls running at once apart', async () => {
    const db = t.database.db;
    const keys = Array.from({ length: 20 }, (_, i) => `prep:par${i}`);
    await Promise.all(keys.map((key, i) => put.run(db, { key, value: String(i) })));
    const rows = await Promise.all(keys.map((key) => get.executeTakeFirst(db, { key })));
    expect(rows.map((r) => r?.value)).toEqual(keys.map((_, i) => String(i)));
  });

  it('runs inside a transaction and is undone with it', async () => {
    const db = t.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await put.run(trx, { key: 'prep:tx', value: 'x' });
        expect(await get.executeTakeFirst(trx, { key: 'prep:tx' })).toEqual({ key: 'prep:tx', value: 'x' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await get.executeTakeFirst(db, { key: 'prep:tx' })).toBeUndefined();
  });

  it('refuses a missing value and a database whose plugins rewrite queries', async () => {
    const db = t.database.db;
    await expect(get.execute(db, {} as { key: string })).rejects.toThrow('no value for key');
    await expect(get.execute(db.withPlugin(new CamelCasePlugin()), { key: 'prep:a' })).rejects.toThrow(
      'without plugins',
    );
  });
});
