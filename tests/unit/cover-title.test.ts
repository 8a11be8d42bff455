import { describe, expect, it } from 'vitest';
import { adTitle, coverTitle, horiCoverTitle } from '../../src/server/demo/art';
import { isPunctuation, textWidthEm } from '../../src/server/demo/cjk-lines';

/** Titles of 3–8 characters like the demo's, and a few longer ones (any title may be 1–40 characters). */
const TITLES = [
  '月之门',
  '雪国边境',
  '烈焰冒险团',
  '星辰边境之城',
  '夏日海边的约定',
  '我在异世界开咖啡',
  '我在异世界开咖啡馆',
  '龙与少女的最后一个夏天',
  '这是一个很长很长很长很长很长很长的漫画书名字',
];

const content = (line: string) => [...line].filter((c) => !isPunctuation(c)).length;

describe('demo cover titles', () => {
  it('never break with one character alone (烈焰冒险 / 团)', () => {
    expect(coverTitle('烈焰冒险团').lines).not.toEqual(['烈焰冒险', '团']);
    expect(horiCoverTitle('烈焰冒险团').lines).not.toEqual(['烈焰冒险', '团']);
    for (const title of TITLES)
      for (const fit of [coverTitle(title), horiCoverTitle(title)]) {
        expect(fit.lines.join('')).toBe(title);
        if (fit.lines.length > 1)
          for (const line of fit.lines) expect(content(line)).toBeGreaterThanOrEqual(2);
      }
  });

  it('keep short titles on one line and balance longer ones within their box', () => {
    for (const title of ['月之门', '雪国边境', '烈焰冒险团'])
      expect(coverTitle(title).lines).toEqual([title]);
    for (const title of TITLES) {
      const fit = coverTitle(title);
      expect(Math.max(...fit.lines.map(textWidthEm)) * fit.size).toBeLessThanOrEqual(446);
      const lengths = fit.lines.map((l) => [...l].length);
      expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(2);
      expect(fit.size).toBeGreaterThanOrEqual(title.length <= 9 ? 80 : 20);
    }
  });

  it('shrink an advert headline to stay on one line beside the character', () => {
    const fit = adTitle('新用户首充送VIP会员七天');
    expect(fit.lines).toHaveLength(1);
    expect(textWidthEm(fit.lines[0]!) * fit.size).toBeLessThanOrEqual(417);
  });
});
