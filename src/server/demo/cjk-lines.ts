/**
 * Line breaking for the Chinese text drawn into demo pictures (speech bubbles, captions, titles), by the
 * rules a Chinese reader expects (the "kinsoku" rules of CJK typesetting): no line starts with closing
 * punctuation, no line ends with opening punctuation, runs such as …… or —— stay whole, and no line is
 * an orphan (one character alone, or one character and its punctuation, like 谎。 under a full line).
 * Among the breakings that obey them, the lines are balanced (the longest line as short as it can be),
 * so 13 characters in lines of 12 become 7 + 6, not 12 + 1.
 */

/** Marks that may not start a line (they close or follow what came before). */
const CLOSING = new Set([...'，。！？、；：…）」』”’》〉】〕—～·,.!?;:)]}%‰ ']);
/** Marks that may not end a line (they open what comes next). */
const OPENING = new Set([...'（「『“‘《〈【〔([{']);
const WIDE_ASCII = new Set([...'MWmw@%']);

/** Whether the character is punctuation (or a space): it does not count toward a line's content. */
export const isPunctuation = (c: string) => CLOSING.has(c) || OPENING.has(c);

/**
 * A character's advance in em. Noto Sans SC and ZCOOL KuaiLe draw every Chinese character and
 * full-width mark 1 em (or a little less) wide and ASCII narrower; this errs on the wide side, so a box
 * sized from it always holds its text.
 */
export function charWidthEm(c: string): number {
  const code = c.codePointAt(0)!;
  if (code < 0x80) return WIDE_ASCII.has(c) ? 0.9 : 0.65;
  return 1;
}

export const textWidthEm = (text: string) => [...text].reduce((sum, c) => sum + charWidthEm(c), 0);

/** Letters and digits of a Latin word or a number are never split. */
const isAsciiWord = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9]$/.test(c);

/** Whether a line may end before chars[i] (between chars[i - 1] and chars[i]). */
function canBreakBefore(chars: string[], i: number): boolean {
  const before = chars[i - 1]!;
  const after = chars[i]!;
  if (CLOSING.has(after) || OPENING.has(before)) return false;
  return !(isAsciiWord(before) && isAsciiWord(after));
}

/** Whether the characters from..to form an acceptable line among several (no orphan). */
function contentCount(chars: string[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (!isPunctuation(chars[i]!)) n++;
  return n;
}

/**
 * The text in exactly `count` lines, each at most `maxEm` wide, obeying the rules above, with the longest
 * line as short as possible (ties: earlier lines longer, as Chinese text reads). Null when there is no
 * such breaking.
 */
export function breakInLines(text: string, count: number, maxEm = Infinity): string[] | null {
  const chars = [...text];
  const n = chars.length;
  if (count < 1 || count > n) return null;
  if (count === 1) return textWidthEm(text) <= maxEm + 1e-9 ? [text] : null;
  // Prefix widths: the width of chars[a..b) is w[b] - w[a].
  const w = [0];
  for (const c of chars) w.push(w[w.length - 1]! + charWidthEm(c));
  // Prefix counts of content characters, likewise.
  const content = [0];
  for (const c of chars) content.push(content[content.length - 1]! + (isPunctuation(c) ? 0 : 1));
  const lineOk = (a: number, b: number) => w[b]! - w[a]! <= maxEm + 1e-9 && content[b]! - content[a]! >= 2;
  const breakOk = chars.map((_, i) => i > 0 && canBreakBefore(chars, i));
  // best[k][i]: the smallest longest-line width of chars[0..i) in k lines (Infinity: impossible).
  const best: number[][] = [Array.from({ length: n + 1 }, (_, i) => (i === 0 ? 0 : Infinity))];
  for (let k = 1; k <= count; k++) {
    const row = Array<number>(n + 1).fill(Infinity);
    for (let i = 1; i <= n; i++) {
      if (i < n && !breakOk[i]) continue;
      for (let j = i - 1; j >= k - 1 && w[i]! - w[j]! <= maxEm + 1e-9; j--) {
        if (best[k - 1]![j] === Infinity || !lineOk(j, i)) continue;
        row[i] = Math.min(row[i]!, Math.max(best[k - 1]![j]!, w[i]! - w[j]!));
      }
    }
    best.push(row);
  }
  const target = best[count]![n]!;
  if (target === Infinity) return null;
  // Second pass: lines up to one em longer than the balanced optimum, choosing the breaking with the
  // least raggedness, and breaking after a mark (一白，/ 谢谢你。) or between words (晚饭吃 / 火锅吧！)
  // rather than inside a word (一白，谢 / 谢你。, 晚饭吃火 / 锅吧！) when one is on offer.
  const words = wordStarts(chars);
  const cap = Math.min(maxEm, target + 1);
  /** The first start j whose line chars[j..i) is at most `limit` wide. */
  const firstWithin = (i: number, limit: number) => {
    let j = i;
    while (j > 0 && w[i]! - w[j - 1]! <= limit + 1e-9) j--;
    return j;
  };
  const cost: number[][] = [Array.from({ length: n + 1 }, (_, i) => (i === 0 ? 0 : Infinity))];
  const from: number[][] = [[]];
  for (let k = 1; k <= count; k++) {
    const row = Array<number>(n + 1).fill(Infinity);
    const back = Array<number>(n + 1).fill(-1);
    for (let i = 1; i <= n; i++) {
      if (i < n && !breakOk[i]) continue;
      const breakCost =
        i === n || isPunctuation(chars[i - 1]!) ? 0 : words.has(i) ? BETWEEN_WORDS : INSIDE_WORD;
      for (let j = Math.max(k - 1, firstWithin(i, cap)); j < i; j++) {
        const width = w[i]! - w[j]!;
        if (cost[k - 1]![j] === Infinity || !lineOk(j, i)) continue;
        // Ties go to the later break: earlier lines longer, as Chinese text reads.
        const c = cost[k - 1]![j]! + (cap - width) ** 2 + breakCost;
        if (c <= row[i]! + 1e-9) {
          row[i] = c;
          back[i] = j;
        }
      }
    }
    cost.push(row);
    from.push(back);
  }
  const lines: string[] = [];
  for (let k = count, end = n; k >= 1; k--) {
    const start = from[k]![end]!;
    lines.unshift(chars.slice(start, end).join(''));
    end = start;
  }
  return lines;
}

/** What a break costs against one after a mark, in the raggedness's unit (squared em). */
const BETWEEN_WORDS = 1;
const INSIDE_WORD = 4;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** The indexes (in characters) where a word starts, by the ICU dictionary for Chinese. */
function wordStarts(chars: string[]): Set<number> {
  const starts = new Set<number>();
  let at = 0;
  for (const { segment } of segmenter.segment(chars.join(''))) {
    starts.add(at);
    at += [...segment].length;
  }
  return starts;
}

/**
 * The text in as few lines at most `maxEm` wide as the rules allow, balanced. When the rules cannot be
 * met at this width (a run of marks), lines may be up to two em wider; when not even then (too few
 * characters to give each line two), the text is broken greedily at `maxEm`. Callers size their boxes
 * from the lines they get.
 */
export function breakLines(text: string, maxEm: number): string[] {
  const key = `${maxEm}|${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  if (cache.size >= CACHE_SIZE) cache.clear();
  const lines = breakLinesUncached(text, maxEm);
  cache.set(key, lines);
  return lines;
}

/** Layout tries a line at many widths and sizes, often the same ones (callers never change the arrays). */
const cache = new Map<string, string[]>();
const CACHE_SIZE = 4096;

function breakLinesUncached(text: string, maxEm: number): string[] {
  const chars = [...text];
  if (chars.length === 0) return [];
  // Marks may hang up to two em past the width (龙的…… / 脚印 has no other breaking in lines of 3).
  for (const width of [maxEm, maxEm + 1, maxEm + 2])
    for (
      let count = Math.max(1, Math.ceil(textWidthEm(text) / width - 1e-9));
      count <= chars.length;
      count++
    ) {
      const lines = breakInLines(text, count, width);
      if (lines) return lines;
    }
  const out: string[] = [];
  let cur = '';
  for (const c of chars) {
    if (cur && textWidthEm(cur + c) > maxEm) {
      out.push(cur);
      cur = '';
    }
    cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

/** What a breaking's line ends cost: 0 when every break follows a mark, more inside words. */
export function lineBreakCost(lines: string[]): number {
  const chars = [...lines.join('')];
  const words = wordStarts(chars);
  let cost = 0;
  let at = 0;
  for (const line of lines.slice(0, -1)) {
    at += [...line].length;
    if (!isPunctuation(chars[at - 1]!)) cost += words.has(at) ? BETWEEN_WORDS : INSIDE_WORD;
  }
  return cost;
}

/** Whether lines obey the rules above (tests and callers that check a result). */
export function linesFollowRules(lines: string[]): boolean {
  if (lines.length <= 1) return true;
  return lines.every((line, i) => {
    const chars = [...line];
    if (contentCount(chars, 0, chars.length) < 2) return false;
    if (i > 0 && CLOSING.has(chars[0]!)) return false;
    return !(i < lines.length - 1 && OPENING.has(chars[chars.length - 1]!));
  });
}

export interface TitleFit {
  lines: string[];
  /** Font size in px. */
  size: number;
}

export interface TitleBox {
  /** Room for the longest line, px. */
  width: number;
  /** Room for all lines, px (the first line is `size` tall, each further one `lineHeight × size`). */
  height: number;
  maxSize: number;
  /** The smallest size kept on fewer lines: below it a title takes another line instead. */
  preferredSize: number;
  maxLines: number;
  lineHeight?: number;
}

/**
 * A title's lines and font size in a box: on as few lines as keep it at least `preferredSize` (one line
 * when it fits), the lines balanced with no character alone (烈焰冒险团 is one line, or 烈焰 / 冒险团,
 * never 烈焰冒险 / 团); when no line count reaches `preferredSize`, the count with the largest size.
 */
export function fitTitle(title: string, box: TitleBox): TitleFit {
  const lineHeight = box.lineHeight ?? 1.1;
  let best: TitleFit | null = null;
  for (let count = 1; count <= box.maxLines; count++) {
    const lines = breakInLines(title, count);
    if (!lines) continue;
    const widest = Math.max(...lines.map(textWidthEm));
    const size = Math.min(box.maxSize, box.width / widest, box.height / (1 + (count - 1) * lineHeight));
    const fit = { lines, size: Math.floor(size) };
    if (fit.size >= box.preferredSize) return fit;
    if (!best || fit.size > best.size) best = fit;
  }
  return best ?? { lines: [title], size: Math.floor(Math.min(box.maxSize, box.width / textWidthEm(title))) };
}
