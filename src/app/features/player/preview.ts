import { playerText, type PlayerLang } from '../../../contract';

/** A preview is invalid when its length is at least the duration; length 0 disables it (spec §4). */
export function previewActive(length: number, duration: number): boolean {
  if (!(length > 0)) return false;
  if (!Number.isFinite(duration) || duration <= 0) return true;
  return length < duration;
}

/** Where playback must go back to, or null when the current time is within the preview. */
export function clampTarget(current: number, length: number, duration: number): number | null {
  return previewActive(length, duration) && current > length ? length : null;
}

/** 'Try 40 seconds' / '试看40秒': seconds under 60, else minutes (spec §9). */
export function previewText(length: number, lang: PlayerLang): string {
  const t = playerText(lang);
  const [n, unit] = length < 60 ? [Math.round(length), t.seconds] : [+(length / 60).toFixed(1), t.minutes];
  return lang === 'en-us' ? `${t.tryPrefix} ${n} ${unit}` : `${t.tryPrefix}${n}${unit}`;
}
