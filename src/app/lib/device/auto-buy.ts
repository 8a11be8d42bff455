import type { InkreelDb } from '../db';
import { useDeviceQuery, withDb } from './store';

const has = async (db: InkreelDb, bookId: number) => (await db.autoBuy.get(bookId)) !== undefined;

/** Books whose next chapters are bought without asking (the reader's 自动购买下一话). */
export const isAutoBuy = (bookId: number): Promise<boolean> => withDb((db) => has(db, bookId));

export const setAutoBuy = (bookId: number, on: boolean): Promise<void> =>
  withDb(async (db) => {
    if (on) await db.autoBuy.put({ bookId });
    else await db.autoBuy.delete(bookId);
  });

export const listAutoBuy = (): Promise<number[]> => withDb((db) => db.autoBuy.toCollection().primaryKeys());

/**
 * Live auto-buy flag of one book (undefined while loading); off, without loading Dexie, on a device that
 * never made the database (a chapter opened from a link asks it as it starts).
 */
export const useAutoBuy = (bookId: number | undefined) =>
  useDeviceQuery(`auto-buy:${bookId ?? ''}`, async (db) => (bookId === undefined ? false : has(db, bookId)), {
    value: false,
  });
