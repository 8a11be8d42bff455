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
