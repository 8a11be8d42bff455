import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoBook } from '../../src/server/demo/art';
import { pagePanels, panelLayout, type Figure, type Rect } from '../../src/server/demo/comic';
import { boxesOverlap, center, polygonsOverlap, type Point } from '../../src/server/demo/bubble-layout';
import { linesFollowRules } from '../../src/server/demo/cjk-lines';
import { CHAR_BOX } from '../../src/server/demo/cast';
import { FACE_BOXES, type Box } from '../../src/server/demo/faces';
import type { PanelPlan } from '../../src/server/demo/story';
import { chineseText } from './chinese-text.fixtures';

/**
 * The speech bubbles of the demo comics, checked on the panels the pages really have: bubbles never
 * overlap each other, a face or the caption, each tail points at its speaker, and every line is broken
 * by the Chinese rules. Faces are worked out here from where each character stands (its box's place,
 * scale and mirroring) and the measured face of its comicgen set.
 */

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const corners = (b: Box): Point[] => [
  { x: b.x, y: b.y },
  { x: b.x + b.w, y: b.y },
  { x: b.x + b.w, y: b.y + b.h },
  { x: b.x, y: b.y + b.h },
];

function faceOf(book: ReturnType<typeof demoBook>, fig: Figure): Box {
  // The measured face (what the layout keeps clear may be more: the teacup's steam).
  const [l, t, r, b] = FACE_BOXES[book.cast[fig.castIndex]!.set]!;
  const left = fig.mirror ? CHAR_BOX.width - r : l;
  return {
    x: fig.x + left * fig.scale,
    y: fig.y + t * fig.scale,
    w: (r - l) * fig.scale,
    h: (b - t) * fig.scale,
  };
}

/** Every rule of the issue for one panel; returns the layout for further checks. */
function checkPanel(book: ReturnType<typeof demoBook>, plan: PanelPlan, rect: Rect) {
  const [x, y, w, h] = rect;
  const { figures, text } = panelLayout(book, plan, rect);
  // The characters stay (the layout made room by drawing them smaller, never by dropping them).
  expect(figures.map((f) => f.castIndex)).toEqual(plan.who);
  const faces = figures.map((f) => faceOf(book, f));
  const spoken = plan.lines.flatMap((l, k) => (l ? [{ k, l }] : []));
  expect(text.bubbles.map((b) => [b.speaker, b.lines.join('')])).toEqual(spoken.map(({ k, l }) => [k, l]));
  const tails = text.bubbles.map((b) => b.tail as Point[]);
  text.bubbles.forEach((b, i) => {
    const box = b.box;
    expect(box.x >= x && box.y >= y && box.x + box.w <= x + w && box.y + box.h <= y + h).toBe(true);
    expect(linesFollowRules(b.lines)).toBe(true);
    for (const face of faces) expect(boxesOverlap(box, face)).toBe(false);
    if (text.caption) expect(boxesOverlap(box, text.caption.box)).toBe(false);
    text.bubbles.forEach((o, j) => {
      if (j === i) return;
      expect(boxesOverlap(box, o.box)).toBe(false);
      expect(polygonsOverlap(tails[i]!, corners(o.box))).toBe(false);
      expect(polygonsOverlap(tails[i]!, tails[j]!)).toBe(false);
    });
    // The tail's tip is by the speaker's head: nearer it than any other character's, and off every face.
    const tip = b.tail[2];
    const own = dist(tip, center(faces[b.speaker]!));
    faces.forEach((face, k) => {
      expect(polygonsOverlap(tails[i]!, corners(face))).toBe(false);
      if (k !== b.speaker) expect(dist(tip, center(face))).toBeGreaterThan(own);
    });
    // …and the tail starts on its bubble's edge.
    const [p, q] = b.tail;
    const onEdge = (v: Point) =>
      Math.min(
        Math.abs(v.x - box.x),
        Math.abs(v.x - box.x - box.w),
        Math.abs(v.y - box.y),
        Math.abs(v.y - box.y - box.h),
      ) < 0.01;
    expect(onEdge(p!) && onEdge(q!)).toBe(true);
  });
  if (text.caption) {
    const c = text.caption.box;
    for (const face of faces) expect(boxesOverlap(c, face)).toBe(false);
    expect(c.x >= x && c.y >= y && c.x + c.w <= x + w && c.y + c.h <= y + h).toBe(true);
    expect(linesFollowRules(text.caption.lines)).toBe(true);
  }
  return { figures, text };
}

const books = [
  demoBook('烈焰冒险团', 7),
  demoBook('星辰边境', 3),
  demoBook('月之门', 12),
  demoBook('雪国', 5),
];

/** The panels of real pages (every layout), and the chapter thumbnail's frame. */
const rects: Rect[] = [
  ...new Map(
    books
      .flatMap((book) =>
        [1, 2, 3].flatMap((chapter) =>
          [1, 2, 3, 4, 5].flatMap((page) => pagePanels({ book, chapter, page })),
        ),
      )
      .map(({ rect }) => [rect.map((v) => v.toFixed(1)).join(), rect] as const),
  ).values(),
  [2.5, 2.5, 635, 355],
];

describe('demo comic panels: bubbles and faces', () => {
  it('has the real pages’ panels to test on', () => {
    expect(rects.length).toBeGreaterThan(12);
  });

  it('keeps every rule on the demo books’ own pages, and the bubbles read in order', () => {
    for (const book of books)
      for (let chapter = 1; chapter <= 4; chapter++)
        for (let page = 1; page <= 5; page++)
          for (const { rect, plan } of pagePanels({ book, chapter, page })) {
            const { bubbles } = checkPanel(book, plan, rect).text;
            // Each bubble lower than the one before, or about level with it and to its right.
            for (let i = 1; i < bubbles.length; i++) {
              const [a, b] = [bubbles[i - 1]!, bubbles[i]!];
              const lower = b.box.y >= a.box.y + a.size * 0.6;
              const rightOf = b.box.x >= a.box.x + a.box.w && b.box.y >= a.box.y - a.size * 0.5;
              expect(lower || rightOf).toBe(true);
            }
          }
  }, 60_000);

  it('keeps every rule for any lines of 1–40 characters, one or two speakers, with or without a caption', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...books),
        fc.constantFrom(...rects),
        fc.constantFrom([0], [1], [0, 1], [1, 0], [1, 2], [2, 0]),
        chineseText(),
        chineseText(),
        fc.boolean(),
        fc.option(chineseText(2, 16), { nil: undefined }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (book, rect, who0, first, second, bothSpeak, caption, salt) => {
          const who = who0.map((i) => i % book.cast.length).filter((v, i, a) => a.indexOf(v) === i);
          const plan: PanelPlan = {
            scene: 'street',
            who,
            moods: who.map(() => 'happy' as const),
            gestures: who.map(() => 'stand' as const),
            lines: who.map((_, k) => (k === 0 ? first : bothSpeak ? second : undefined)),
            caption,
            salt,
          };
          checkPanel(book, plan, rect);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('puts a lone short line close above its speaker’s head', () => {
    const book = books[0]!;
    const rect: Rect = [22, 22, 756, 400];
    const plan: PanelPlan = {
      scene: 'street',
      who: [0],
      moods: ['happy'],
      gestures: ['stand'],
      lines: ['好！'],
      salt: 3,
    };
    const { figures, text } = checkPanel(book, plan, rect);
    const face = faceOf(book, figures[0]!);
    const bubble = text.bubbles[0]!.box;
    expect(bubble.y + bubble.h).toBeLessThanOrEqual(face.y);
    expect(face.y - (bubble.y + bubble.h)).toBeLessThan(60);
    expect(Math.abs(bubble.x + bubble.w / 2 - (face.x + face.w / 2))).toBeLessThan(40);
  });
});
