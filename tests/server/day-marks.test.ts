import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../src/contract/index.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { postWatch } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The "counted today" marks of reads and plays only matter on their own day: the first read or play a
 * node answers on a day drops the older marks, so neither table grows with the days.
 */
describe('day marks of reads and plays', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db);
  });
  afterAll(() => t.close());

  const PAST_DAY = '2000-01-01';
  const days = async () => {
    const db = t.database.db;
    const [reads, watches] = await Promise.all([
      db.selectFrom('read_marks').select('day').execute(),
      db.selectFrom('watch_marks').select('day').execute(),
    ]);
    return { reads: reads.map((r) => r.day).sort(), watches: watches.map((r) => r.day).sort() };
  };
  const markPastDay = async (reader: string) => {
    const db = t.database.db;
    await db
      .insertInto('read_marks')
      .values({ day: PAST_DAY, chapter_id: f.vipFreeBook.chapters[0]!.id, reader })
      .execute();
    await db.insertInto('watch_marks').values({ day: PAST_DAY, vod_id: f.vods[0]!.id, user_id: 0 }).execute();
  };

  it("the day's first read and play drop the marks of past days and keep today's; later ones leave them", async () => {
    await markPastDay('u:0');
    const s = await registerUser(t.app);
    const readAndWatch = async () => {
      const read = await t.app.inject({
        method: 'GET',
        url: `${Api.readChapter}?bookId=${f.vipFreeBook.id}&number=1`,
        headers: authHeaders(s),
      });
      expect(read.json().result).toBe(true);
      expect((await postWatch(t.app, f.vods[0]!.id, authHeaders(s))).json().result).toBe(true);
    };

    await readAndWatch();
    const after = await days();
    expect(after.reads).toHaveLength(1);
    expect(after.watches).toHaveLength(1);
    expect(after.reads[0]).not.toBe(PAST_DAY);
    expect(after.watches[0]).toBe(after.reads[0]);

    // Pruning is once a day per node, not a delete on every call.
    await markPastDay('u:1');
    await readAndWatch();
    const later = await days();
    expect(later.reads).toEqual([PAST_DAY, after.reads[0]]);
    expect(later.watches).toEqual([PAST_DAY, after.watches[0]]);
  });
});
