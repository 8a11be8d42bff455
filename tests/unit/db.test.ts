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

  it('lists versions in increasing order', () => {
    const vs = SCHEMA_VERSIONS.map((v) => v.version);
    expect(vs).toEqual([...vs].sort((a, b) => a - b));
    expect(new Set(vs).size).toBe(vs.length);
  });
});
