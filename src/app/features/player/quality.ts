/** Quality options from the HLS levels: 0 (auto) then each distinct height, highest first. */
export function qualityOptions(heights: readonly number[]): number[] {
  const uniq = [...new Set(heights.filter((h) => h > 0))].sort((a, b) => b - a);
  return [0, ...uniq];
}

/** The level index playing `height`, or -1 (auto) for 0 or an unknown height. */
export function levelForHeight(levels: readonly { height: number }[], height: number): number {
  if (!height) return -1;
  return levels.findIndex((l) => l.height === height);
}

/** The stored height when the video has it, else auto. */
export function defaultQuality(options: readonly number[], stored: number | null): number {
  return stored && options.includes(stored) ? stored : 0;
}

/** A quality switch to make: the height the user chose (0 = auto) and its level index (-1 = auto). */
export interface QualitySwitch {
  height: number;
  level: number;
}

/**
 * What choosing `chosen` in the quality menu does while `selected` is the user's current choice (both
 * heights, 0 = auto). Choosing the current quality does nothing (spec §4). The comparison is with the
 * choice, not with what hls.js loads next: under auto that is auto's own pick, and a user who picks
 * the same height is fixing it (it is remembered), not repeating the current choice.
 */
export function qualitySwitch(
  selected: number,
  chosen: number,
  levels: readonly { height: number }[],
): QualitySwitch | null {
  if (chosen === selected) return null;
  const level = levelForHeight(levels, chosen);
  if (chosen !== 0 && level < 0) return null;
  return { height: chosen, level };
}

/** The switching modal's target: the level that will play once the switch is done. */
export interface PendingSwitch {
  /** Height chosen (0 = auto), shown in the modal. */
  height: number;
  /** The level that should end up playing: the chosen one, or auto's pick for auto. */
  target: number;
  auto: boolean;
}

/**
 * The switch is done (the modal goes, spec §4) once the level playing is the target; under auto any
 * level hls.js switches to is auto's pick, so the first switch also ends it.
 */
export function switchDone(pending: PendingSwitch, playing: number, switched: boolean): boolean {
  return playing === pending.target || (pending.auto && switched && playing >= 0);
}
