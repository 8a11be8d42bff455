import type { ConnectionLike } from './smart';

/** The Network Information API's connection where the browser has it (Chromium), else undefined. */
export const currentConnection = (): (ConnectionLike & EventTarget) | undefined =>
  (navigator as Navigator & { connection?: ConnectionLike & EventTarget }).connection;
