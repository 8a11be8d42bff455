import fc from 'fast-check';
import { chineseText } from './chinese-text.fixtures';
import { describe, expect, it } from 'vitest';
import {
  breakInLines,
  breakLines,
  fitTitle,
  isPunctuation,
  linesFollowRules,
  textWidthEm,
} from '../../src/server/demo/cjk-lines';

const CLOSING = [...'，。！？、；：…）」』”’》'];
const OPENING = [...'（「『“‘《'];
const content = (line: string) => [...line].filter((c) => !isPunctuation(c)).length;

describe('Chinese line breaking (bubbles, captions, titles)', () => {
  it('never leaves one character alone on the last line (谎。 / 儿？), the old wrap did', () => {
    // The old wrap (perLine characters, marks hung at the end) gave 精灵从来不说 / 谎。 and 你到底去哪 / 儿？.
    expect(breakLines('精灵从来不说谎。', 6)).toEqual(['精灵从来', '不说谎。']);
    expect(breakLines('你到底去哪儿？', 5)).toEqual(['你到底去', '哪儿？']);
    for (const lines of [breakLines('精灵从来不说谎。', 6), breakLines('你到底去哪儿？', 5)])
      expect(content(lines[lines.length - 1]!)).toBeGreaterThanOrEqual(2);
  });

  it('balances lines: 13 characters in lines of 12 are 7 + 6, not 12 + 1', () => {
    const lines = breakLines('这把钥匙能打开所有的门和窗户', 12);
    expect(lines).toHaveLength(2);
    expect(Math.abs([...lines[0]!].length - [...lines[1]!].length)).toBeLessThanOrEqual(1);
  });

  it('keeps closing marks off line starts, opening marks off line ends, …… and —— whole', () => {
    expect(breakLines('我们走吧，「快一点」', 5).some((l) => l.startsWith('」') || l.endsWith('「'))).toBe(
      false,
    );
    expect(breakLines('龙的脚印……还是新的。', 5).some((l) => l.startsWith('…'))).toBe(false);
    expect(breakLines('嘘——小声点。', 3).some((l) => l.startsWith('—'))).toBe(false);
  });

  it('prefers a break after a mark or between words', () => {
    expect(breakLines('一白，谢谢你。', 5)).toEqual(['一白，', '谢谢你。']);
    expect(breakLines('晚饭吃火锅吧！', 4)).toEqual(['晚饭吃', '火锅吧！']);
  });

  it('any text of 1–40 characters at any width: rules kept, nothing lost, no line too wide', () => {
    fc.assert(
      fc.property(chineseText(), fc.integer({ min: 4, max: 16 }), (text, width) => {
        // Text with too few characters for its lines has no breaking by the rules (「我……」 in lines
        // of 4): drawn broken greedily, left out here.
        fc.pre(content(text) >= 2 * Math.ceil(textWidthEm(text) / width) + 1);
        const lines = breakLines(text, width);
        expect(lines.join('')).toBe(text);
        // Marks hang past the width only when there is no other way.
        const widest = Math.max(...lines.map(textWidthEm));
        if (widest > width) expect(breakInLines(text, lines.length, width)).toBeNull();
        expect(widest).toBeLessThanOrEqual(width + 2);
        expect(linesFollowRules(lines)).toBe(true);
        lines.slice(1).forEach((l) => expect(CLOSING).not.toContain([...l][0]));
        lines.slice(0, -1).forEach((l) => expect(OPENING).not.toContain([...l].at(-1)));
        if (lines.length > 1) lines.forEach((l) => expect(content(l)).toBeGreaterThanOrEqual(2));
        // As few lines as the width allows, and balanced: the longest line within one em of the best
        // balance for that many lines.
        const best = breakInLines(text, lines.length, Math.max(width, widest))!;
        expect(widest).toBeLessThanOrEqual(Math.max(...best.map(textWidthEm)) + 1);
        if (lines.length > 1)
          expect(breakInLines(text, lines.length - 1, Math.max(width, widest))).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('fits a title: one line when it keeps the preferred size, else balanced lines, never one character alone', () => {
    const box = { width: 446, height: 260, maxSize: 104, preferredSize: 80, maxLines: 3 };
    expect(fitTitle('烈焰冒险团', box).lines).toEqual(['烈焰冒险团']);
    const two = fitTitle('我在异世界开咖啡馆', box);
    expect(two.lines).toEqual(['我在异世界', '开咖啡馆']);
    expect(two.size * textWidthEm('我在异世界')).toBeLessThanOrEqual(446);
  });
});
