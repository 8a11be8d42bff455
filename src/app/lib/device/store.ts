import { useEffect, useState } from 'react';
import type { InkreelDb } from '../db';
import { handedOver } from '../prerender-handover';
import { databaseExists, DEVICE_DB_NAME, followOnceMade } from './db-exists';

type DbModule = typeof import('../db');
let loading: Promise<DbModule> | undefined;
let markAsked: () => void = () => undefined;
/** Settles when anything on the page first asks for the database (a write makes it). */
const asked = new Promise<void>((resolve) => (markAsked = resolve));

/** The device database, loaded on first use so Dexie stays out of the first screen's JavaScript. */
export const loadDb = (): Promise<DbModule> => {
  markAsked();
  return (loading ??= import('../db'));
};

/** Runs a device read or write once the database is loaded. */
export async function withDb<T>(fn: (db: InkreelDb) => Promise<T>): Promise<T> {
  const { db } = await loadDb();
  return fn(db);
}

/** How long a write that can wait (withDbWhenIdle) waits at most for the browser to be idle. */
const IDLE_WRITE_WAIT_MS = 2000;

/** Settles when writes that can wait may go: the app's screen shows and the browser is idle. */
let idleGate: Promise<void> | undefined;

/**
 * A write that can wait a moment: while Dexie is not loaded yet (a first visit from a link), it loads
 * once the app's screen shows and the browser is next idle, instead of among the first load's tasks,
 * where its evaluation and the database's opening were a long task of their own. Every such write waits
 * on the same gate, so they keep their order even if Dexie is loaded by something else meanwhile.
 */
export async function withDbWhenIdle<T>(fn: (db: InkreelDb) => Promise<T>): Promise<T> {
  if (!idleGate && !loading && typeof requestIdleCallback === 'function')
    idleGate = handedOver().then(
      () =>
        new Promise((resolve) => void requestIdleCallback(() => resolve(), { timeout: IDLE_WRITE_WAIT_MS })),
    );
  if (idleGate) await idleGate;
  return withDb(fn);
}

/**
 * True while the page can answer reads without the database: Dexie not asked for yet and this device
 * never made it (a first visit from a link). Then every read's answer is "nothing kept".
 */
const noDatabaseYet = async () => !loading && !(await databaseExists(DEVICE_DB_NAME));

/** A device read; on a device that never made the database, `whenNone` without loading Dexie. */
export async function readDb<T>(fn: (db: InkreelDb) => Promise<T>, whenNone: T): Promise<T> {
  return (await noDatabaseYet()) ? whenNone : withDb(fn);
}

/**
 * Follows a query live (Dexie liveQuery): `onValue` gets the first answer and every answer after a
 * change to the tables it read. The query must await only Dexie calls. Returns the unsubscribe.
 * With `whenNone`, a device that never made the database gets that answer at once, without Dexie, and
 * the query goes live when the page first asks for the database (the first write makes it) or when the
 * page is shown again and another tab has made it meanwhile.
 */
export function subscribeDevice<T>(
  query: (db: InkreelDb) => Promise<T>,
  onValue: (v: T) => void,
  whenNone?: { value: T },
): () => void {
  let closed = false;
  let sub: { unsubscribe(): void } | undefined;
  const live = () =>
    void loadDb().then(({ db, liveQuery }) => {
      if (closed) return;
      sub = liveQuery(() => query(db)).subscribe({
        next: onValue,
        error: (err: unknown) => console.error('[device] live query failed', err),
      });
    });
  const stopFollowing =
    whenNone && !loading
      ? followOnceMade(DEVICE_DB_NAME, asked, () => onValue(whenNone.value), live)
      : live();
  return () => {
    closed = true;
    stopFollowing?.();
    sub?.unsubscribe();
  };
}

/**
 * React view of a live device query (undefined while loading). `key` names what the query depends
 * on: a new key starts a new subscription. `whenNone`: the answer on a device that never made the
 * database (subscribeDevice), given without loading Dexie.
 */
export function useDeviceQuery<T>(
  key: string,
  query: (db: InkreelDb) => Promise<T>,
  whenNone?: { value: T },
): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>();
  // The query closure is rebuilt every render; the subscription follows the key only.
  const [current, setCurrent] = useState({ key, query, whenNone });
  if (current.key !== key) setCurrent({ key, query, whenNone });
  useEffect(
    () => subscribeDevice(current.query, (value) => setState({ key: current.key, value }), current.whenNone),
    [current],
  );
  return state?.key === key ? state.value : undefined;
}
