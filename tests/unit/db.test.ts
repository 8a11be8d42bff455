import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { InkreelDb, SCHEMA_VERSIONS } from '../../src/app/lib/db';

const opened: Dexie[] = [];
afterEach(async () => {
  const names = new Set(opened.map((d) => d.name));
  for (const d of opened.splice(0)) d.close();
  for (const n of names) await Dexie.delete(n);
});

describe('device database schema', () => {
  it('upgrades a version-1 database to the current version without losing data', async () => {
    const name = `upgrade-${Math.random()}`;
    const v1 = new InkreelDb(name, 1);
    opened.push(v1);
    await v1.open();
    expect(v1.verno).toBe(1);
    await v1.shelf.put({ bookId: 7, title: '斗罗', cover: '/c.img', addedAt: 1 });
    await v1.history.put({ bookId: 7, title: '斗罗', cover: '/c.img', number: 3, readAt: 2 });
    await v1.searchHistory.put({ key: 'kkHisSearch', words: ['a', 'b'] });
    v1.close();

    const latest = new InkreelDb(name);
    opened.push(latest);
    await latest.open();
    expect(latest.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    expect(await latest.shelf.toArray()).toEqual([{ bookId: 7, title: '斗罗', cover: '/c.img', addedAt: 1 }]);
    expect(await latest.history.get(7)).toMatchObject({ number: 3, readAt: 2 });
    expect((await latest.searchHistory.get('kkHisSearch'))?.words).toEqual(['a', 'b']);
    // Tables added later work on the upgraded database.
    await latest.autoBuy.put({ bookId: 7 });
    expect(await latest.autoBuy.count()).toBe(1);
  });

  it('keeps the history through the upgrade that adds positions inside chapters (version 3)', async () => {
    const name = `upgrade-${Math.random()}`;
    const v2 = new InkreelDb(name, 2);
    opened.push(v2);
    await v2.open();
    await v2.history.bulkPut([
      { bookId: 7, title: '斗罗', cover: '/c.img', number: 3, readAt: 2 },
      { bookId: 8, title: '海贼', cover: '/d.img', number: 1, readAt: 5 },
    ]);
    await v2.autoBuy.put({ bookId: 7 });
    v2.close();

    const v3 = new InkreelDb(name, 3);
    opened.push(v3);
    await v3.open();
    expect(v3.verno).toBe(3);
    expect(await v3.history.orderBy('readAt').toArray()).toEqual([
      { bookId: 7, title: '斗罗', cover: '/c.img', number: 3, readAt: 2 },
      { bookId: 8, title: '海贼', cover: '/d.img', number: 1, readAt: 5 },
    ]);
    expect(await v3.autoBuy.count()).toBe(1);
    // The new table: keyed by book and chapter, found by book (to forget a book) and by age (the cap).
    const at = { page: 4, fraction: 0.5, pageCount: 9, finished: false };
    await v3.readPositions.put({ bookId: 7, number: 3, ...at, savedAt: 10 });
    await v3.readPositions.put({ bookId: 7, number: 3, ...at, page: 6, savedAt: 11 });
    expect(await v3.readPositions.get([7, 3])).toMatchObject({ page: 6 });
    expect(await v3.readPositions.where('bookId').equals(7).count()).toBe(1);
    expect(await v3.readPositions.orderBy('savedAt').primaryKeys()).toEqual([[7, 3]]);
  });

  it('lists versions in increasing order', () => {
    const vs = SCHEMA_VERSIONS.map((v) => v.version);
    expect(vs).toEqual([...vs].sort((a, b) => a - b));
    expect(new Set(vs).size).toBe(vs.length);
  });
});
