import './fonts.js';
import sharp from 'sharp';
import { GENRES, chapterTitle, planPanels, type BookStory, type PanelPlan, type Scene } from './story.js';
import { createRng } from './rng.js';
import { CHAR_BOX, characterMarkup } from './cast.js';
import { SANS, TITLE } from './fonts.js';
import { fitTitle } from './cjk-lines.js';
import { faceBox, type Box } from './faces.js';
import {
  bubbleBaseline,
  layoutPanelText,
  type LaidBubble,
  type LaidCaption,
  type PanelText,
} from './bubble-layout.js';

/**
 * Comic pages for the demo books: a page layout of 3–5 panels, each with a background that fits the
 * genre, one or two of the book's characters and Chinese speech bubbles. Drawn as SVG (characters nest
 * comicgen's markup in a <g transform>) and rasterised by sharp; the same arguments give the same bytes.
 */

export const PAGE_ART_SIZE_PX = { width: 800, height: 1200 } as const;

export type Rect = [x: number, y: number, w: number, h: number];

/** Layouts in unit coordinates (before margins and gutters). */
const LAYOUTS: Rect[][] = [
  [
    [0, 0, 1, 0.34],
    [0, 0.34, 0.5, 0.33],
    [0.5, 0.34, 0.5, 0.33],
    [0, 0.67, 1, 0.33],
  ],
  [
    [0, 0, 0.58, 0.4],
    [0.58, 0, 0.42, 0.4],
    [0, 0.4, 1, 0.6],
  ],
  [
    [0, 0, 1, 0.46],
    [0, 0.46, 0.38, 0.54],
    [0.38, 0.46, 0.62, 0.54],
  ],
  [
    [0, 0, 0.42, 0.33],
    [0.42, 0, 0.58, 0.33],
    [0, 0.33, 1, 0.34],
    [0, 0.67, 0.6, 0.33],
    [0.6, 0.67, 0.4, 0.33],
  ],
  [
    [0, 0, 0.55, 0.62],
    [0.55, 0, 0.45, 0.31],
    [0.55, 0.31, 0.45, 0.31],
    [0, 0.62, 1, 0.38],
  ],
  [
    [0, 0, 1, 0.3],
    [0, 0.3, 1, 0.36],
    [0, 0.66, 0.5, 0.34],
    [0.5, 0.66, 0.5, 0.34],
  ],
];

export const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const f = (n: number) => n.toFixed(1);

/** A background for a panel of the given size, drawn from (0,0). */
export function sceneMarkup(scene: Scene, w: number, h: number, salt: number): string {
  const r = createRng(salt);
  const ground = h * (0.72 + r.next() * 0.08);
  const sky = (top: string, bottom: string) =>
    `<defs><linearGradient id="sk${salt}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${f(w)}" height="${f(h)}" fill="url(#sk${salt})"/>`;
  let s = '';
  switch (scene) {
    case 'street': {
      s += sky('#8ecae6', '#e0f4ff');
      for (let x = -20; x < w; x += 70 + r.int(0, 60)) {
        const bh = h * (0.3 + r.next() * 0.35);
        const bw = 60 + r.int(0, 50);
        s += `<rect x="${f(x)}" y="${f(ground - bh)}" width="${bw}" height="${f(bh)}" fill="hsl(${r.int(0, 360)},25%,${r.int(62, 80)}%)" stroke="#333" stroke-width="2"/>`;
        for (let wy = ground - bh + 12; wy < ground - 20; wy += 26)
          for (let wx = x + 10; wx < x + bw - 14; wx += 20)
            s += `<rect x="${f(wx)}" y="${f(wy)}" width="9" height="13" fill="#fff8d6" fill-opacity="0.85"/>`;
      }
      s += `<rect y="${f(ground)}" width="${f(w)}" height="${f(h - ground)}" fill="#9a9a9a"/><rect y="${f(ground + 6)}" width="${f(w)}" height="4" fill="#f1f1f1" stroke-dasharray="30 20"/>`;
      break;
    }
    case 'room':
    case 'classroom':
    case 'cafe': {
      const wall = { room: '#f6e7cf', classroom: '#e9f1e4', cafe: '#e8c9a0' }[scene];
      s += `<rect width="${f(w)}" height="${f(h)}" fill="${wall}"/>`;
      s += `<rect y="${f(ground)}" width="${f(w)}" height="${f(h - ground)}" fill="${scene === 'cafe' ? '#8d5b3a' : '#c49a6c'}"/>`;
      if (scene === 'classroom') {
        s += `<rect x="${f(w * 0.12)}" y="${f(h * 0.1)}" width="${f(w * 0.76)}" height="${f(h * 0.34)}" fill="#2f5d3a" stroke="#6b4423" stroke-width="6"/>`;
        s += `<path d="M${f(w * 0.2)},${f(h * 0.22)} q30,-14 60,0 t60,0" stroke="#fff" stroke-width="3" fill="none" stroke-opacity="0.7"/>`;
      } else {
        const wx = w * (0.1 + r.next() * 0.5);
        s += `<rect x="${f(wx)}" y="${f(h * 0.12)}" width="${f(w * 0.3)}" height="${f(h * 0.3)}" fill="#bfe6ff" stroke="#fff" stroke-width="8"/><line x1="${f(wx + w * 0.15)}" y1="${f(h * 0.12)}" x2="${f(wx + w * 0.15)}" y2="${f(h * 0.42)}" stroke="#fff" stroke-width="5"/>`;
        if (scene === 'cafe') {
          s += `<rect y="${f(ground - h * 0.16)}" width="${f(w)}" height="${f(h * 0.16)}" fill="#6f4226"/>`;
          for (let x = 20; x < w - 20; x += 46)
            s += `<rect x="${f(x)}" y="${f(ground - h * 0.22)}" width="22" height="26" rx="4" fill="#fff" stroke="#333" stroke-width="2"/>`;
        } else {
          s += `<rect x="${f(w * 0.72)}" y="${f(h * 0.16)}" width="${f(w * 0.14)}" height="${f(h * 0.18)}" fill="hsl(${r.int(0, 360)},50%,70%)" stroke="#7a5230" stroke-width="4"/>`;
        }
      }
      break;
    }
    case 'forest': {
      s += sky('#a8dadc', '#f1faee');
      for (let i = 0; i < 7; i++) {
        const x = r.next() * w;
        const th = h * (0.35 + r.next() * 0.3);
        s += `<rect x="${f(x - 6)}" y="${f(ground - th * 0.35)}" width="12" height="${f(th * 0.35)}" fill="#7f5539"/><polygon points="${f(x - th * 0.28)},${f(ground - th * 0.3)} ${f(x)},${f(ground - th)} ${f(x + th * 0.28)},${f(ground - th * 0.3)}" fill="hsl(${r.int(110, 150)},45%,${r.int(28, 42)}%)"/>`;
      }
      s += `<rect y="${f(ground)}" width="${f(w)}" height="${f(h - ground)}" fill="#6a994e"/>`;
      break;
    }
    case 'night': {
      s += sky('#0d1b2a', '#415a77');
      for (let i = 0; i < 24; i++)
        s += `<circle cx="${f(r.next() * w)}" cy="${f(r.next() * ground * 0.8)}" r="${f(1 + r.next() * 2)}" fill="#fff"/>`;
      s += `<circle cx="${f(w * (0.15 + r.next() * 0.7))}" cy="${f(h * 0.18)}" r="${f(h * 0.08)}" fill="#fdf0d5"/>`;
      for (let x = 0; x < w; x += 50 + r.int(0, 40))
        s += `<rect x="${f(x)}" y="${f(ground - h * (0.15 + r.next() * 0.25))}" width="48" height="${f(h)}" fill="#1b263b"/>`;
      s += `<rect y="${f(ground)}" width="${f(w)}" height="${f(h - ground)}" fill="#0b132b"/>`;
      break;
    }
    case 'space': {
      s += sky('#03071e', '#240046');
      for (let i = 0; i < 40; i++)
        s += `<circle cx="${f(r.next() * w)}" cy="${f(r.next() * h)}" r="${f(0.6 + r.next() * 1.8)}" fill="#fff" fill-opacity="${f(0.5 + r.next() * 0.5)}"/>`;
      s += `<circle cx="${f(w * (0.2 + r.next() * 0.6))}" cy="${f(h * 0.25)}" r="${f(h * 0.14)}" fill="hsl(${r.int(0, 360)},60%,55%)"/><ellipse cx="${f(w * 0.5)}" cy="${f(h * 1.1)}" rx="${f(w * 0.9)}" ry="${f(h * 0.35)}" fill="#5a189a"/>`;
      break;
    }
    case 'field': {
      s += sky('#90e0ef', '#caf0f8');
      s += `<rect y="${f(ground)}" width="${f(w)}" height="${f(h - ground)}" fill="#52b788"/><line x1="0" y1="${f(ground + 14)}" x2="${f(w)}" y2="${f(ground + 14)}" stroke="#fff" stroke-width="4"/>`;
      s += `<rect x="${f(w * 0.78)}" y="${f(ground - h * 0.3)}" width="${f(w * 0.16)}" height="${f(h * 0.3)}" fill="none" stroke="#fff" stroke-width="6"/>`;
      break;
    }
    case 'beach': {
      s += sky('#48cae4', '#ade8f4');
      s += `<circle cx="${f(w * 0.82)}" cy="${f(h * 0.16)}" r="${f(h * 0.07)}" fill="#ffd60a"/><rect y="${f(ground - h * 0.12)}" width="${f(w)}" height="${f(h * 0.12)}" fill="#0077b6"/><rect y="${f(ground)}" width="${f(w)}" height="${f(h - ground)}" fill="#f4d58d"/>`;
      break;
    }
  }
  return s;
}

/** A bubble as laid out by bubble-layout.ts: its tail, its box over the tail's base, then its lines. */
export function bubbleMarkup(b: LaidBubble): string {
  const { box, tail, tailJoin, size } = b;
  const pts = [tailJoin[0], tailJoin[1], tail[2]].map((p) => `${f(p.x)},${f(p.y)}`).join(' ');
  const mid = box.x + box.w / 2;
  // The tail is drawn with a double-width outline under the box, then filled again over the box's
  // outline: its sides keep a 3 px outline and it joins the box without a line across its base.
  return (
    `<polygon points="${pts}" fill="#fff" stroke="#111" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" rx="${f(b.radius)}" fill="#fff" stroke="#111" stroke-width="3"/>` +
    `<polygon points="${pts}" fill="#fff"/>` +
    b.lines
      .map(
        (l, i) =>
          `<text x="${f(mid)}" y="${f(bubbleBaseline(box.y, size, i))}" text-anchor="middle" font-family="${SANS}" font-size="${size}" fill="#111">${escapeXml(l)}</text>`,
      )
      .join('')
  );
}

/** A narration box (yellow, square, left-aligned lines). */
function captionMarkup({ box, lines, size }: LaidCaption): string {
  return (
    `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="#fff3b0" stroke="#111" stroke-width="2.5"/>` +
    lines
      .map(
        (l, i) =>
          `<text x="${f(box.x + 14)}" y="${f(box.y + 8 + 0.88 * size + i * 1.3 * size)}" font-family="${SANS}" font-size="${size}" fill="#111">${escapeXml(l)}</text>`,
      )
      .join('')
  );
}

/** A character standing in a panel: where its 500×600 box goes and which way it faces. */
export interface Figure {
  castIndex: number;
  /** Its place in the panel's plan (mood, gesture and line). */
  k: number;
  x: number;
  y: number;
  scale: number;
  mirror: boolean;
  /** Its face: bubbles keep off it, tails point at it. */
  face: Box;
}

export function placedCharacter(
  book: BookStory,
  castIndex: number,
  k: number,
  cx: number,
  groundY: number,
  height: number,
  mirror: boolean,
): Figure {
  const s = height / CHAR_BOX.height;
  const x = cx - (CHAR_BOX.width * s) / 2;
  const y = groundY - height;
  return { castIndex, k, x, y, scale: s, mirror, face: faceBox(book.cast[castIndex]!.set, x, y, s, mirror) };
}

function figureMarkup(book: BookStory, plan: PanelPlan, { castIndex, k, x, y, scale: s, mirror }: Figure) {
  const transform = mirror
    ? `translate(${f(x + CHAR_BOX.width * s)},${f(y)}) scale(${(-s).toFixed(4)},${s.toFixed(4)})`
    : `translate(${f(x)},${f(y)}) scale(${s.toFixed(4)})`;
  const member = book.cast[castIndex]!;
  return `<g transform="${transform}">${characterMarkup(member, plan.moods[k]!, plan.gestures[k]!, plan.salt + k)}</g>`;
}

/**
 * The characters' sizes tried in turn, with the smallest font the bubbles may use at each: a panel
 * whose lines do not fit around full-size characters draws them smaller before its text gets tiny.
 */
const FIGURE_SCALES: [scale: number, minFont: number, looseOrder: boolean][] = [
  [1, 20, false],
  [0.85, 20, false],
  [0.7, 18, false],
  [0.55, 14, false],
  [0.55, 14, true],
];

/** Where the panel's characters stand, at a scale of their usual height. */
function placeFigures(book: BookStory, plan: PanelPlan, [x, y, w, h]: Rect, scale: number): Figure[] {
  const charH = Math.min(h * 0.72, w * 0.95) * scale;
  const ground = y + h + charH * 0.06;
  const n = plan.who.length;
  const slot = (k: number) =>
    n === 1 ? 0.5 + (plan.salt % 3) * 0.12 - 0.12 : n === 2 ? [0.27, 0.73][k]! : (k + 0.5) / n;
  return plan.who.map((castIndex, k) =>
    placedCharacter(book, castIndex, k, x + w * slot(k), ground, charH, n >= 2 && k >= n / 2),
  );
}

/** The panel's characters and its text laid out around them (pure: tests check its rules). */
export function panelLayout(
  book: BookStory,
  plan: PanelPlan,
  rect: Rect,
): { figures: Figure[]; text: PanelText } {
  const [x, y, w, h] = rect;
  const speeches = plan.lines.flatMap((text, k) => (text ? [{ speaker: k, text }] : []));
  const size = w < 400 ? 24 : 28;
  for (const [scale, minSize, looseOrder] of FIGURE_SCALES) {
    const figures = placeFigures(book, plan, rect, scale);
    const text = layoutPanelText({
      panel: { x, y, w, h },
      faces: figures.map((c) => c.face),
      speeches,
      caption: plan.caption,
      size,
      minSize,
      looseOrder,
    });
    if (text) return { figures, text };
  }
  // Never met for lines of up to 40 characters (tests/unit/comic-layout.test.ts): the text without
  // the characters rather than text over a face.
  const text = layoutPanelText({
    panel: { x, y, w, h },
    faces: [],
    speeches: [],
    caption: plan.caption,
    size,
    minSize: 14,
  });
  return { figures: [], text: text ?? { bubbles: [] } };
}

/** A panel's SVG: its scene, characters, bubbles and caption, clipped to its frame (tools draw one alone). */
export function panelMarkup(book: BookStory, plan: PanelPlan, rect: Rect, id: string): string {
  const [x, y, w, h] = rect;
  const clip = `<clipPath id="${id}"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"/></clipPath>`;
  let inner = `<g transform="translate(${f(x)},${f(y)})">${sceneMarkup(plan.scene, w, h, plan.salt)}</g>`;
  const { figures, text } = panelLayout(book, plan, rect);
  for (const c of figures) inner += figureMarkup(book, plan, c);
  for (const b of text.bubbles) inner += bubbleMarkup(b);
  if (text.caption) inner += captionMarkup(text.caption);
  return `${clip}<g clip-path="url(#${id})">${inner}</g><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="none" stroke="#111" stroke-width="5"/>`;
}

export interface PageRecipe {
  book: BookStory;
  chapter: number;
  page: number;
}

/** The page's panel layout, the same for the page and its chapter thumbnail. */
function pageLayout({ book, chapter, page }: PageRecipe): Rect[] {
  const rng = createRng(book.seed * 7_717 + chapter * 389 + page * 53);
  return LAYOUTS[rng.int(0, LAYOUTS.length - 1)]!;
}

const MARGIN = 22;
const GUTTER = 14;
/** Where the panels start on a chapter's first page: under its title banner. */
const FIRST_PAGE_TOP = 118;

/** The page's panels: where each is on the page and what it shows. */
export function pagePanels({ book, chapter, page }: PageRecipe): { rect: Rect; plan: PanelPlan }[] {
  const { width: W, height: H } = PAGE_ART_SIZE_PX;
  const layout = pageLayout({ book, chapter, page });
  const [m, g] = [MARGIN, GUTTER];
  const top = page === 1 ? FIRST_PAGE_TOP : m;
  const plans = planPanels(book, chapter, page, layout.length);
  const aw = W - 2 * m;
  const ah = H - top - m;
  return layout.map(([ux, uy, uw, uh], i) => ({
    rect: [
      m + ux * aw + (ux > 0 ? g / 2 : 0),
      top + uy * ah + (uy > 0 ? g / 2 : 0),
      uw * aw - (ux > 0 ? g / 2 : 0) - (ux + uw < 1 ? g / 2 : 0),
      uh * ah - (uy > 0 ? g / 2 : 0) - (uy + uh < 1 ? g / 2 : 0),
    ],
    plan: plans[i]!,
  }));
}

/** The page's SVG document (exported for tests and the seed's change detection). */
export function pageSvg({ book, chapter, page }: PageRecipe): string {
  const { width: W, height: H } = PAGE_ART_SIZE_PX;
  const m = MARGIN;
  let body = `<rect width="${W}" height="${H}" fill="#fdfcf8"/>`;
  if (page === 1) {
    const accent = GENRES[book.genre]!.palette[0];
    // One line in the banner, smaller for a long title.
    const title = fitTitle(`第${chapter}话 ${chapterTitle(book, chapter)}`, {
      width: W - 2 * m - 40,
      height: 60,
      maxSize: 46,
      preferredSize: 0,
      maxLines: 1,
    });
    body +=
      `<rect x="${m}" y="${m}" width="${W - 2 * m}" height="82" fill="${accent}" stroke="#111" stroke-width="5"/>` +
      `<text x="${W / 2}" y="${f(m + 41 + title.size * 0.37)}" text-anchor="middle" font-family="${TITLE}" font-size="${title.size}" fill="#111">${escapeXml(title.lines[0]!)}</text>`;
  }
  pagePanels({ book, chapter, page }).forEach(({ rect, plan }, i) => {
    body += panelMarkup(book, plan, rect, `p${i}`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** The page as PNG (fast, lossless; storage makes the WebP sizes). */
export function renderComicPage(recipe: PageRecipe): Promise<Buffer> {
  return sharp(Buffer.from(pageSvg(recipe)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A chapter thumbnail's size: 16:9, the catalogue's box. */
export const THUMB_ART_SIZE_PX = { width: 640, height: 360 } as const;

/**
 * A chapter's catalogue thumbnail: the opening panel of its first page (same scene, cast, moods and
 * lines) drawn alone in a 16:9 frame, about a quarter of a page's drawing work.
 */
export function chapterThumbSvg({ book, chapter }: Omit<PageRecipe, 'page'>): string {
  const { width: W, height: H } = THUMB_ART_SIZE_PX;
  const layout = pageLayout({ book, chapter, page: 1 });
  const [opening] = planPanels(book, chapter, 1, layout.length);
  const body = panelMarkup(book, opening!, [2.5, 2.5, W - 5, H - 5], 't0');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

export function renderChapterThumb(recipe: Omit<PageRecipe, 'page'>): Promise<Buffer> {
  return sharp(Buffer.from(chapterThumbSvg(recipe)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
