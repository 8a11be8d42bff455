import { BOOT_DATA_ELEMENT_ID, BOOT_DATA_MAX_AGE_MS, type BootData, type BootEntry } from '../../../contract';

/**
 * Answers the server inlined into the page on a first visit (server/http/app-document.ts): the screen's
 * first public reads arrive with the HTML instead of one round trip after the JavaScript. Each is taken
 * once; every later read of the same URL goes to the network.
 */
let entries: Map<string, BootEntry> | undefined;

function read(): Map<string, BootEntry> {
  const map = new Map<string, BootEntry>();
  if (typeof document === 'undefined') return map;
  const el = document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!el?.textContent) return map;
  try {
    const boot = JSON.parse(el.textContent) as BootData;
    if (Math.abs(Date.now() - boot.at) > BOOT_DATA_MAX_AGE_MS) return map;
    for (const e of boot.entries) map.set(e.url, e);
  } catch {
    // A damaged block only costs the calls it would have saved.
  }
  return map;
}

/** The URL a GET goes out as (path and query, in the order the client sends them). */
export function bootKey(path: string, search: Record<string, string> | undefined): string {
  const query = search ? new URLSearchParams(search).toString() : '';
  return query ? `${path}?${query}` : path;
}

/**
 * The inlined answer for this call, at most once. `hasSession`: whether the device holds a session —
 * answers that depend on the caller are only for a visitor without one.
 */
export function takeBootAnswer(key: string, hasSession: boolean): unknown {
  entries ??= read();
  const e = entries.get(key);
  if (!e) return undefined;
  entries.delete(key);
  return e.anonymousOnly && hasSession ? undefined : e.body;
}

/**
 * The inlined answer for this call without taking it (the call still takes it): for a screen that must
 * decide before its first render, e.g. whether to keep room for ads that the answer says there are none
 * of. Caller-dependent answers are not peeked.
 */
export function peekBootAnswer(key: string): unknown {
  entries ??= read();
  const e = entries.get(key);
  return e && !e.anonymousOnly ? e.body : undefined;
}
