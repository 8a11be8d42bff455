import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/server/db/statement-cache.js';

describe('SQLite statement cache', () => {
  it('reuses one statement per SQL text with fresh parameters, and stays bounded', () => {
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = new Proxy(raw, {
      get(target, prop) {
        if (prop === 'prepare')
          return (sql: string) => {
            prepared++;
            return target.prepare(sql);
          };
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const db = withStatementCache(counting, 2);
    db.prepare('create table t (id integer primary key, v text)').run();
    const insert = 'insert into t (v) values (?)';
    for (const v of ['a', 'b', 'c']) db.prepare(insert).run(v);
    const select = 'select v from t where id = ?';
    expect(db.prepare(select).get(1)).toEqual({ v: 'a' });
    expect(db.prepare(select).get(3)).toEqual({ v: 'c' });
    // create, insert, select: three texts, each prepared once.
    expect(prepared).toBe(3);
    // With room for two, the oldest (create) was dropped; the others are still kept.
    db.prepare(insert).run('d');
    expect(prepared).toBe(3);
    db.prepare('select count(*) as n from t').get();
    db.prepare('select count(*) as n from t').get();
    expect(prepared).toBe(4);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 4 });
    // Everything else still reaches the real connection.
    expect(db.inTransaction).toBe(false);
    db.close();
    expect(raw.open).toBe(false);
  });
});
