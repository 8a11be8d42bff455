import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';

/** Books whose next chapters are bought without asking (the reader's 自动购买下一话). */
export async function isAutoBuy(bookId: number): Promise<boolean> {
  return (await db.autoBuy.get(bookId)) !== undefined;
}

export async function setAutoBuy(bookId: number, on: boolean): Promise<void> {
  if (on) await db.autoBuy.put({ bookId });
  else await db.autoBuy.delete(bookId);
}

export async function listAutoBuy(): Promise<number[]> {
  return db.autoBuy.toCollection().primaryKeys();
}

/** Live auto-buy flag of one book (undefined while loading). */
export const useAutoBuy = (bookId: number | undefined) =>
  useLiveQuery(() => (bookId === undefined ? false : isAutoBuy(bookId)), [bookId]);
