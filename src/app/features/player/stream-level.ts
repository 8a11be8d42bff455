import { COOKIE_DAYS_STREAM_LEVEL, StorageKey } from '../../../contract';

// TODO(video): switch to lib/cookies.ts once the shell engineer lands it; same cookie name and lifetime.
const DAY_MS = 24 * 3600 * 1000;

/** The chosen quality (a height in px; 0 = auto) from the `selectedStreamLevel` cookie (spec §3). */
export function readStreamLevel(): number | null {
  const m = new RegExp(`(?:^|; )${StorageKey.streamLevelCookie}=(\\d+)`).exec(document.cookie);
  return m ? Number(m[1]) : null;
}

export function writeStreamLevel(height: number): void {
  const expires = new Date(Date.now() + COOKIE_DAYS_STREAM_LEVEL * DAY_MS).toUTCString();
  document.cookie = `${StorageKey.streamLevelCookie}=${Math.max(0, Math.floor(height))}; expires=${expires}; path=/; SameSite=Lax`;
}
