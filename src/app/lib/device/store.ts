import { useEffect, useState } from 'react';
import type { InkreelDb } from '../db';

type DbModule = typeof import('../db');
let loading: Promise<DbModule> | undefined;

/** The device database, loaded on first use so Dexie stays out of the first screen's JavaScript. */
export const loadDb = (): Promise<DbModule> => (loading ??= import('../db'));

/** Runs a device read or write once the database is loaded. */
export async function withDb<T>(fn: (db: InkreelDb) => Promise<T>): Promise<T> {
  const { db } = await loadDb();
  return fn(db);
}

/**
 * Follows a query live (Dexie liveQuery): `onValue` gets the first answer and every answer after a
 * change to the tables it read. The query must await only Dexie calls. Returns the unsubscribe.
 */
export function subscribeDevice<T>(
  query: (db: InkreelDb) => Promise<T>,
  onValue: (v: T) => void,
): () => void {
  let closed = false;
  let sub: { unsubscribe(): void } | undefined;
  void loadDb().then(({ db, liveQuery }) => {
    if (closed) return;
    sub = liveQuery(() => query(db)).subscribe({
      next: onValue,
      error: (err: unknown) => console.error('[device] live query failed', err),
    });
  });
  return () => {
    closed = true;
    sub?.unsubscribe();
  };
}

/**
 * React view of a live device query (undefined while loading). `key` names what the query depends
 * on: a new key starts a new subscription.
 */
export function useDeviceQuery<T>(key: string, query: (db: InkreelDb) => Promise<T>): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>();
  // The query closure is rebuilt every render; the subscription follows the key only.
  const [current, setCurrent] = useState({ key, query });
  if (current.key !== key) setCurrent({ key, query });
  useEffect(
    () => subscribeDevice(current.query, (value) => setState({ key: current.key, value })),
    [current],
  );
  return state?.key === key ? state.value : undefined;
}
