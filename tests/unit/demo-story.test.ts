import { describe, expect, it } from 'vitest';
import { demoStories } from '../../src/server/demo/seed';
import {
  chapterLines,
  chapterTitle,
  makeCast,
  pageLines,
  planPanels,
  premiseOf,
  type BookStory,
} from '../../src/server/demo/story';
import { expressionOf } from '../../src/server/demo/expressions';
import { MAX_CAPTION, MAX_LINE, splitLine } from '../../src/server/demo/line-split';
import { PREMISES } from '../../src/server/demo/premises';
import { headOf } from '../../src/server/demo/looks';
import { CATEGORY_NAMES, bookNames } from '../../src/server/demo/names';
import { BOOKS_PER_CATEGORY } from '../../src/server/demo/plan';
import { createRng } from '../../src/server/demo/rng';

/** The demo catalogue's stories, as the seed makes them (pages per chapter included). */
const stories = demoStories();
const ARC = 5;
const han = (s: string) => [...s].filter((c) => /\p{Script=Han}/u.test(c));

/** Everything a chapter's pages show, in order, for a layout of `count` panels a page. */
function drawn(book: BookStory, chapter: number, count: (page: number) => number) {
  const out: string[] = [];
  for (let p = 1; p <= book.pages![chapter - 1]!; p++)
    for (const panel of planPanels(book, chapter, p, count(p))) {
      if (panel.caption) out.push(panel.caption);
      for (const l of panel.lines) if (l) out.push(l);
    }
  return out;
}

describe('demo stories (issue 29 item 2)', () => {
  it('gives each of the 64 books its own premise and a cast whose names never change', () => {
    expect(stories).toHaveLength(CATEGORY_NAMES.length * BOOKS_PER_CATEGORY);
    expect(new Set(stories.map((s) => premiseOf(s).title)).size).toBe(stories.length);
    // Every character's name (a kinship word such as 爷爷 is also said of others: left out).
    const everyName = new Set(
      PREMISES.flat().flatMap((p) => p.cast.map((c) => c.name).filter((n) => !/^(爷爷|奶奶|外婆)$/.test(n))),
    );
    for (const s of stories) {
      const premise = premiseOf(s);
      expect(s.cast.map((c) => c.name)).toEqual(premise.cast.map((c) => c.name));
      // Nobody of another book (or a random name) is spoken of: only this book's people.
      const own = new Set(s.cast.map((c) => c.name));
      for (let c = 1; c <= ARC; c++)
        for (const l of chapterLines(s, c))
          for (const name of everyName)
            if (!own.has(name) && l.text.includes(name) && ![...own].some((o) => o.includes(name)))
              throw new Error(`${s.title} ch${c}: “${l.text}” names ${name}, not of its cast`);
    }
  });

  it('opens each book where and when it starts, not with a 突然 before anything happened', () => {
    for (const s of stories) {
      const first = pageLines(s, 1, 1);
      expect(first[0]!.who).toBe(-1);
      expect(premiseOf(s).opening.startsWith(first[0]!.text)).toBe(true);
      const captions = drawn(s, 1, () => 4).slice(0, 3);
      expect(captions.join('')).not.toMatch(/突然/);
    }
  });

  it('tells chapters 1–5 along a beat sheet: a setup, a turn and a cliffhanger on the last page', () => {
    for (const s of stories) {
      for (let c = 1; c <= ARC; c++) {
        const lines = chapterLines(s, c).filter((l) => l.who >= 0);
        expect(lines.length).toBeGreaterThanOrEqual(8);
        const pages = s.pages![c - 1]!;
        const last = pageLines(s, c, pages).filter((l) => l.who >= 0);
        // The chapter's last line is on its last page, and that page says nothing before it.
        expect(last.at(-1)).toEqual(lines.at(-1));
        expect(last.length).toBeLessThanOrEqual(5);
        // Every page before it says something.
        for (let p = 1; p < pages; p++) expect(pageLines(s, c, p).length).toBeGreaterThan(0);
      }
      // So do the later chapters' pages.
      for (let c = ARC + 1; c <= s.pages!.length; c++)
        for (let p = 1; p <= s.pages![c - 1]!; p++) expect(pageLines(s, c, p).length).toBeGreaterThan(0);
    }
  });

  it('says no line twice in a book’s first five chapters, and draws every line once', () => {
    for (const s of stories) {
      const seen = new Map<string, number>();
      for (let c = 1; c <= ARC; c++) {
        const script = chapterLines(s, c).map((l) => l.text);
        for (const l of script) {
          if (seen.has(l)) throw new Error(`${s.title}: “${l}” in chapter ${seen.get(l)} and ${c}`);
          seen.set(l, c);
        }
        // Whatever the page layouts (3–5 panels), the pages show the script, in order, once (now and
        // then two parts of a long line share a bubble when a page has fewer panels than lines).
        for (const count of [() => 3, () => 4, () => 5, (p: number) => 3 + (p % 3)])
          expect(drawn(s, c, count).join('')).toBe(script.join(''));
      }
    }
  });

  it('titles every chapter of a book differently, from what happens in it', () => {
    for (const s of stories) {
      const titles = s.pages!.map((_, i) => chapterTitle(s, i + 1));
      expect(new Set(titles).size).toBe(titles.length);
      for (const t of titles) {
        expect(t).not.toMatch(/[（(][上中下续][）)]/);
        expect(han(t).length).toBeLessThanOrEqual(8);
      }
      // Chapters 1–5: most of the title's characters are in the chapter's own words.
      for (let c = 1; c <= ARC; c++) {
        const text = chapterLines(s, c)
          .map((l) => l.text)
          .join('');
        const chars = han(chapterTitle(s, c));
        const found = chars.filter((ch) => text.includes(ch)).length;
        expect(found / chars.length, `${s.title} 第${c}话 ${chapterTitle(s, c)}`).toBeGreaterThanOrEqual(0.5);
      }
    }
  });

  it('keeps every line short enough for a bubble in the narrowest panel, and a caption to one box', () => {
    expect(splitLine('我怕。但我更想知道，戴面具的人到底在藏什么。')).toEqual([
      '我怕。但我更想知道，',
      '戴面具的人到底在藏什么。',
    ]);
    for (const s of stories)
      for (let c = 1; c <= s.pages!.length; c++)
        for (const l of chapterLines(s, c))
          expect([...l.text].length, l.text).toBeLessThanOrEqual(l.who < 0 ? MAX_CAPTION : MAX_LINE);
  });

  it('is the same story every time (seeded, deterministic)', () => {
    const again = demoStories();
    for (const [i, s] of stories.entries())
      for (const c of [1, 3, 12]) expect(planPanels(again[i]!, c, 2, 4)).toEqual(planPanels(s, c, 2, 4));
  });
});

describe('demo art variety (issue 29 item 4)', () => {
  it('gives no two books the same main pair of characters', () => {
    const pairs = stories.map((s) => {
      const [a, b] = [headOf(s.cast[0]!), headOf(s.cast[1]!)];
      expect(a).not.toBe(b);
      return [a, b].sort().join('+');
    });
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('draws the teacup only for a story with a teacup in it, and it has its say', () => {
    for (const s of stories) {
      const cups = s.cast.filter((c) => c.set === 'bean');
      const premise = premiseOf(s);
      expect(cups.map((c) => c.name)).toEqual(premise.cast.filter((p) => p.cup).map((p) => p.name));
      if (cups.length > 0) {
        const third = s.cast.indexOf(cups[0]!);
        const said = [1, 2].flatMap((c) => chapterLines(s, c)).filter((l) => l.who === third);
        expect(said.length).toBeGreaterThan(0);
      }
    }
    expect(stories.filter((s) => s.cast.some((c) => c.set === 'bean')).length).toBeLessThanOrEqual(2);
    // The videos' hosts are people.
    for (let seed = 500; seed < 600; seed++) expect(makeCast(seed).some((c) => c.set === 'bean')).toBe(false);
  });

  it('draws each speaker with the face and pose of the line', () => {
    expect(expressionOf('你怎么知道？').mood).toBe('surprised');
    expect(expressionOf('还有多远？')).toEqual({ mood: 'thinking', gesture: 'think' });
    expect(expressionOf('哈哈哈，笑死我了！')).toEqual({ mood: 'laugh', gesture: 'cheer' });
    expect(expressionOf('都怪你，非要抄近路！')).toEqual({ mood: 'angry', gesture: 'hips' });
    expect(expressionOf('……对不起，是我太急了。').mood).toBe('sad');
    expect(expressionOf('加油，还差一点！').gesture).toBe('cheer');
    expect(expressionOf('你看这块石头的背面。').gesture).toBe('point');
    for (const s of stories)
      for (let c = 1; c <= ARC; c++)
        for (let p = 1; p <= s.pages![c - 1]!; p++)
          for (const panel of planPanels(s, c, p, 4))
            panel.who.forEach((_, k) => {
              const line = panel.lines[k];
              if (!line) return;
              const mood = panel.moods[k]!;
              if (line.endsWith('？')) expect(['surprised', 'thinking', 'worried'], line).toContain(mood);
              if (line.endsWith('！')) expect(['angry', 'happy', 'laugh', 'surprised'], line).toContain(mood);
              if (line.includes('哈哈')) expect(mood, line).toBe('laugh');
            });
  });
});

describe('demo titles and synopses (issue 29 item 5)', () => {
  const names = bookNames(createRng(20_260_101), CATEGORY_NAMES.length * BOOKS_PER_CATEGORY);

  it('titles no two books alike: unique, and no two share their first or last two characters', () => {
    const titles = names.map((n) => n.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(titles.map((t) => t.slice(0, 2))).size).toBe(titles.length);
    expect(new Set(titles.map((t) => t.slice(-2))).size).toBe(titles.length);
  });

  it('writes each synopsis from its own premise, not one template with words swapped', () => {
    const abstracts = names.map((n) => n.abstract);
    expect(new Set(abstracts).size).toBe(abstracts.length);
    for (const [i, n] of names.entries()) {
      expect(n.abstract).not.toMatch(/^在[^，]{2,6}，一(个|名|位|只|对)/);
      // It is about this book's people.
      expect(n.abstract).toContain(stories[i]!.cast[0]!.name);
      expect(n.title).toBe(stories[i]!.title);
    }
    // No two synopses open alike.
    expect(new Set(abstracts.map((a) => a.slice(0, 4))).size).toBe(abstracts.length);
  });
});
