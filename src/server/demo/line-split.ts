/** How long a demo line or caption may be, and how a longer one is said in parts. */

/** A bubble holds about this many characters in the narrowest panel (three lines of five). */
export const MAX_LINE = 15;
/** A caption box is one line: this many characters fit the narrowest first panel. */
export const MAX_CAPTION = 12;
const SENTENCE_END = new Set([...'。！？…—：；']);
const PAUSE = new Set([...'，、']);
const CLOSING = new Set([...'”」）』']);

/**
 * A long line (a long name put in a slot) said as two or more shorter ones, cut near its middle at
 * the end of a sentence or a comma: one speaker, several bubbles.
 */
export function splitLine(text: string, max = MAX_LINE): string[] {
  const chars = [...text];
  if (chars.length <= max) return [text];
  const cuts = (set: Set<string>) =>
    chars
      .map((_, i) => i)
      .filter(
        (i) =>
          i >= 1 &&
          i < chars.length - 1 &&
          set.has(chars[i]!) &&
          !set.has(chars[i + 1]!) &&
          !CLOSING.has(chars[i + 1]!),
      );
  // The cut nearest the middle, an end of sentence preferred by a little over a comma.
  const options = [
    ...cuts(SENTENCE_END).map((i) => ({ i, bonus: 2 })),
    ...cuts(PAUSE).map((i) => ({ i, bonus: 0 })),
  ];
  if (options.length === 0) return [text];
  const mid = chars.length / 2;
  const score = (o: { i: number; bonus: number }) => Math.abs(o.i + 1 - mid) - o.bonus;
  const at = options.reduce((best, o) => (score(o) < score(best) ? o : best)).i;
  return [
    ...splitLine(chars.slice(0, at + 1).join(''), max),
    ...splitLine(chars.slice(at + 1).join(''), max),
  ];
}
