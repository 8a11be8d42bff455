import fc from 'fast-check';

/** Chinese text as the demo's lines are: words of characters, now and then a mark after one. */
export const chineseText = (min = 1, max = 40) =>
  fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.string({
            unit: fc.constantFrom(
              ...'我你他她们的是在有这那个人天门钥匙精灵说谎月亮哪儿去了吗好机会最后能打开所有一起城星辰',
            ),
            minLength: 1,
            maxLength: 4,
          }),
          fc.constantFrom('', '', '', '，', '。', '！', '？', '、', '……', '——', '！？'),
        ),
        { minLength: 1, maxLength: 20 },
      ),
      fc.boolean(),
    )
    .map(([words, quoted]) => {
      const s = words.map(([w, mark]) => w + mark).join('');
      return [...(quoted ? `「${s}」` : s)].slice(0, max).join('');
    })
    .filter((s) => [...s].length >= min);
