import './fonts.js';
import sharp from 'sharp';
import { GENRES, premiseOf, premiseStory, type BookStory } from './story.js';
import { createRng } from './rng.js';
import { CHAR_BOX, characterMarkup, type Gesture, type Mood } from './cast.js';
import { escapeXml, sceneMarkup } from './comic.js';
import { fitTitle, type TitleFit } from './cjk-lines.js';
import { SANS, TITLE } from './fonts.js';

/**
 * Demo covers, wide covers and advert banners: the book's Chinese title in a display face over a
 * genre palette with its cast, drawn as SVG and rasterised by sharp. The same arguments always give the
 * same bytes, so storeImage's content hash reuses earlier output.
 */

export { PAGE_ART_SIZE_PX } from './comic.js';
export const COVER_SIZE_PX = { width: 600, height: 800 } as const;
export const HORI_COVER_SIZE_PX = { width: 800, height: 450 } as const;
export const AD_SIZE_PX = { width: 750, height: 320 } as const;

export interface CoverArt {
  book: BookStory;
  author: string;
}

const f = (n: number) => n.toFixed(1);

async function rasterise(w: number, h: number, body: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
  // PNG at a low compression level: fast, lossless and deterministic (storeImage makes the WebP).
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

function figure(
  book: BookStory,
  i: number,
  cx: number,
  ground: number,
  height: number,
  mood: Mood,
  gesture: Gesture,
  mirror = false,
) {
  const member = book.cast[i % book.cast.length]!;
  const s = height / CHAR_BOX.height;
  const w = CHAR_BOX.width * s;
  const t = mirror
    ? `translate(${f(cx + w / 2)},${f(ground - height)}) scale(${(-s).toFixed(4)},${s.toFixed(4)})`
    : `translate(${f(cx - w / 2)},${f(ground - height)}) scale(${s.toFixed(4)})`;
  return `<g transform="${t}">${characterMarkup(member, mood, gesture, book.seed + i)}</g>`;
}

function gradient(id: string, from: string, to: string, vertical = true) {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

/** Title lines in the display face with a dark outline, so they read on any background. */
function titleText(lines: string[], x: number, y: number, size: number, fill: string, anchor = 'start') {
  return lines
    .map(
      (l, i) =>
        `<text x="${f(x)}" y="${f(y + i * size * TITLE_LINE)}" text-anchor="${anchor}" font-family="${TITLE}" font-size="${size}" fill="${fill}" stroke="#1a1a1a" stroke-width="${f(size / 9)}" paint-order="stroke" stroke-linejoin="round">${escapeXml(l)}</text>`,
    )
    .join('');
}

const TITLE_LINE = 1.1;
/** How far below the top of a line of the display face its baseline is, in em. */
const TITLE_ASCENT = 0.88;

/**
 * A cover's title: in the gradient above the cast and left of the genre badge, one line while it keeps
 * 80 px (5 characters), else balanced lines with no character alone (烈焰冒险团 stays whole; never
 * 烈焰冒险 / 团).
 */
export const coverTitle = (title: string): TitleFit =>
  fitTitle(title, {
    width: 446,
    height: 260,
    maxSize: 104,
    preferredSize: 80,
    maxLines: 3,
    lineHeight: TITLE_LINE,
  });

/** A wide cover's title: in the gradient band on the left, up to 3 lines. */
export const horiCoverTitle = (title: string): TitleFit =>
  fitTitle(title, {
    width: 300,
    height: 320,
    maxSize: 96,
    preferredSize: 72,
    maxLines: 3,
    lineHeight: TITLE_LINE,
  });

/** An advert's headline: one line left of the character, smaller when long. */
export const adTitle = (title: string): TitleFit =>
  fitTitle(title, { width: 417, height: 80, maxSize: 68, preferredSize: 0, maxLines: 1 });

/** Book cover, 3:4 (600×800): a scene of the genre, the cast, the title and the author. */
export function renderDemoCover({ book, author }: CoverArt): Promise<Buffer> {
  const { width: w, height: h } = COVER_SIZE_PX;
  const genre = GENRES[book.genre]!;
  const rng = createRng(book.seed * 613 + 1);
  const [from, to, accent] = genre.palette;
  // Where the story starts (the lighthouse island's beach, the space station): its premise's place.
  const scene = premiseOf(book).scenes[0]!;
  let body =
    `<g transform="translate(0,${h * 0.18})">${sceneMarkup(scene, w, h * 0.82, book.seed * 3 + 11)}</g>` +
    gradient('cv', from, to) +
    `<rect width="${w}" height="${h * 0.42}" fill="url(#cv)"/>` +
    `<polygon points="0,${f(h * 0.42)} ${w},${f(h * 0.3)} ${w},${f(h * 0.44)} 0,${f(h * 0.52)}" fill="url(#cv)"/>`;
  const lead = figure(book, 0, w * 0.42, h * 1.02, h * 0.62, 'happy', 'cheer');
  const second = figure(
    book,
    1,
    w * 0.76,
    h * 1.04,
    h * 0.5,
    rng.pick(['thinking', 'surprised', 'laugh'] as Mood[]),
    'point',
    true,
  );
  body += second + lead;
  const title = coverTitle(book.title);
  body += titleText(title.lines, 36, 44 + TITLE_ASCENT * title.size, title.size, accent);
  body +=
    `<rect x="36" y="${h - 74}" width="${f(author.length * 30 + 40)}" height="46" rx="23" fill="#000" fill-opacity="0.55"/>` +
    `<text x="56" y="${h - 42}" font-family="${SANS}" font-size="28" fill="#fff">${escapeXml(author)} 著</text>` +
    `<rect x="${w - 108}" y="28" width="80" height="40" rx="8" fill="${accent}" stroke="#1a1a1a" stroke-width="3"/>` +
    `<text x="${w - 68}" y="57" text-anchor="middle" font-family="${SANS}" font-weight="bold" font-size="24" fill="#1a1a1a">${escapeXml(genre.name)}</text>`;
  return rasterise(w, h, body);
}

/** Wide cover for banners and list rows, 16:9 (800×450). */
export function renderDemoHoriCover({ book }: CoverArt): Promise<Buffer> {
  const { width: w, height: h } = HORI_COVER_SIZE_PX;
  const genre = GENRES[book.genre]!;
  const [from, to, accent] = genre.palette;
  const places = premiseOf(book).scenes;
  const scene = places[book.seed % places.length]!;
  let body =
    sceneMarkup(scene, w, h, book.seed * 5 + 3) +
    gradient('hz', from, to, false) +
    `<polygon points="0,0 ${f(w * 0.56)},0 ${f(w * 0.44)},${h} 0,${h}" fill="url(#hz)"/>`;
  body += figure(book, 0, w * 0.66, h * 1.05, h * 0.95, 'laugh', 'point', true);
  if (book.cast.length > 1) body += figure(book, 1, w * 0.87, h * 1.05, h * 0.8, 'surprised', 'stand', true);
  const title = horiCoverTitle(book.title);
  // Centred down the band (a little high: the screens caption a wide cover along its bottom).
  const block = title.size * (1 + (title.lines.length - 1) * TITLE_LINE);
  body += titleText(title.lines, 40, (h - block) / 2 - 16 + TITLE_ASCENT * title.size, title.size, accent);
  // No line of text along the bottom: the screens that show a wide cover caption it there themselves
  // (title, status and genre over a shade), and a drawn line showed through under their caption.
  return rasterise(w, h, body);
}

export interface AdArt {
  title: string;
  subtitle: string;
  /** Button text. */
  cta: string;
  /** A palette index into the genres' palettes. */
  palette: number;
  /** The cast shown beside the text. */
  book: BookStory;
  /** Picture size: a banner's by default; the text block stays centred on a taller one. */
  size?: { width: number; height: number };
}

/** Advert banner (750×320): a headline, a line of detail, a button and a character. */
export function renderDemoAd({
  title,
  subtitle,
  cta,
  palette,
  book,
  size = AD_SIZE_PX,
}: AdArt): Promise<Buffer> {
  const { width: w, height: h } = size;
  // The text block is laid out for a banner's height: on a taller picture it moves down by half the rest.
  const dy = Math.max(0, (h - AD_SIZE_PX.height) / 2);
  const [from, to, accent] = GENRES[palette % GENRES.length]!.palette;
  const rng = createRng(book.seed * 17 + palette);
  let body = gradient('ad', from, to, false) + `<rect width="${w}" height="${h}" fill="url(#ad)"/>`;
  for (let i = 0; i < 6; i++)
    body += `<circle cx="${f(w * 0.55 + rng.next() * w * 0.45)}" cy="${f(rng.next() * h)}" r="${f(20 + rng.next() * 60)}" fill="#fff" fill-opacity="0.18"/>`;
  body += figure(book, 0, w * 0.8, h * 1.08, h * 1.0, 'happy', 'cheer', true);
  const head = adTitle(title);
  body += titleText(head.lines, 40, 120 + dy, head.size, accent);
  const sub = fitTitle(subtitle, { width: 417, height: 40, maxSize: 30, preferredSize: 0, maxLines: 1 });
  body += `<text x="42" y="${f(178 + dy)}" font-family="${SANS}" font-size="${sub.size}" fill="#fff" stroke="#1a1a1a" stroke-width="4" paint-order="stroke">${escapeXml(subtitle)}</text>`;
  const bw = [...cta].length * 30 + 64;
  body +=
    `<rect x="40" y="${f(h - 98 - dy)}" width="${bw}" height="60" rx="30" fill="#fff" stroke="#1a1a1a" stroke-width="3"/>` +
    `<text x="${40 + bw / 2}" y="${f(h - 57 - dy)}" text-anchor="middle" font-family="${SANS}" font-weight="bold" font-size="30" fill="#1a1a1a">${escapeXml(cta)}</text>`;
  return rasterise(w, h, body);
}

/** A book of the story generator with its premise's cast (tests and tools draw pictures for it). */
export function demoBook(title: string, seed: number, genre = seed % GENRES.length): BookStory {
  return { ...premiseStory(genre, Math.floor(Math.max(0, seed - 1) / GENRES.length), seed), title };
}

export { renderComicPage as renderDemoPage } from './comic.js';
