import { getStreamLevel, setStreamLevel } from '../../lib/cookies';

/** The chosen quality as a height in px (0 = auto), kept in the `selectedStreamLevel` cookie (spec §3). */
export function readStreamLevel(): number | null {
  const v = Number(getStreamLevel());
  return Number.isInteger(v) && v >= 0 && getStreamLevel() !== undefined ? v : null;
}

export function writeStreamLevel(height: number): void {
  setStreamLevel(String(Math.max(0, Math.floor(height))));
}
