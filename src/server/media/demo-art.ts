import sharp from 'sharp';

/**
 * Deterministic demo pictures (covers, pages, ads, posters) drawn as SVG and rasterised by sharp.
 * The same arguments always give the same bytes, so storeImage's content hash reuses earlier output.
 * This machine has no CJK fonts: text is reduced to Latin characters (a Chinese title falls back to a
 * Latin label) so no picture shows empty boxes.
 */

export const COVER_SIZE_PX = { width: 600, height: 800 } as const;
export const HORI_COVER_SIZE_PX = { width: 800, height: 450 } as const;
export const PAGE_ART_SIZE_PX = { width: 800, height: 1200 } as const;
export const AD_SIZE_PX = { width: 750, height: 320 } as const;
export const POSTER_SIZE_PX = { width: 640, height: 360 } as const;

export interface CoverArt {
  title: string;
  author?: string;
  seed: number;
}
export interface PageArt {
  bookTitle: string;
  /** Left out for the seed's shared pages, which appear in many chapters. */
  chapter?: number;
  page: number;
  seed: number;
}
export interface AdArt {
  title: string;
  seed: number;
}

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';

/** mulberry32: a tiny seeded generator; Math.random would make every start produce new hashes. */
function rng(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Keeps printable Latin text; falls back when nothing drawable is left (e.g. an all-Chinese title). */
export function latinText(text: string, fallback: string, max = 40): string {
  const kept = text
    .replace(/[^\x20-\x7e\u00a0-\u017f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const out = kept.length >= 2 ? kept : fallback;
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** Splits text into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur && (cur + ' ' + w).length > width) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) out.push(cur);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1]!.slice(0, width - 1)}…`;
  }
  return out;
}

function textLines(lines: string[], x: number, y: number, size: number, attrs: string): string {
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${y + i * size * 1.2}" font-family="${FONT}" font-size="${size}" ${attrs}>${escapeXml(l)}</text>`,
    )
    .join('');
}

/** Random circles and rotated squares over a two-colour gradient. */
function background(w: number, h: number, next: () => number, shapes: number): { svg: string; hue: number } {
  const hue = next() * 360;
  let svg =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, 55)}"/><stop offset="1" stop-color="${hsl(hue + 70, 65, 30)}"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
  for (let i = 0; i < shapes; i++) {
    const x = next() * w;
    const y = next() * h;
    const r = (0.05 + next() * 0.2) * Math.min(w, h);
    const fill = hsl(hue + 120 + next() * 120, 75, 60);
    svg +=
      next() < 0.5
        ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" opacity="0.45"/>`
        : `<rect x="${(x - r / 2).toFixed(1)}" y="${(y - r / 2).toFixed(1)}" width="${r.toFixed(1)}" height="${r.toFixed(1)}" fill="${fill}" opacity="0.4" transform="rotate(${Math.round(next() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
  }
  return { svg, hue };
}

async function rasterise(w: number, h: number, body: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
  // PNG at a low compression level: fast, lossless and deterministic (storeImage makes the WebP).
  return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
}

/** Book cover, 3:4 (600×800). */
export function renderDemoCover({ title, author = '', seed }: CoverArt): Promise<Buffer> {
  const { width: w, height: h } = COVER_SIZE_PX;
  const next = rng(seed);
  const bg = background(w, h, next, 9);
  const name = wrap(latinText(title, `Comic No. ${seed}`), 14, 3);
  const by = latinText(author, '');
  const body =
    bg.svg +
    `<rect x="0" y="${h - 300}" width="${w}" height="300" fill="#000" opacity="0.45"/>` +
    textLines(name, 36, h - 220, 58, 'font-weight="bold" fill="#fff"') +
    (by ? textLines([by], 36, h - 36, 30, 'fill="#ffe9a8"') : '') +
    `<text x="${w - 30}" y="60" text-anchor="end" font-family="${FONT}" font-size="28" fill="#fff" opacity="0.85">INKREEL</text>`;
  return rasterise(w, h, body);
}

/** Wide cover for banners and list rows, 16:9 (800×450). */
export function renderDemoHoriCover({ title, author = '', seed }: CoverArt): Promise<Buffer> {
  const { width: w, height: h } = HORI_COVER_SIZE_PX;
  const next = rng(seed ^ 0x5bd1e995);
  const bg = background(w, h, next, 10);
  const name = wrap(latinText(title, `Comic No. ${seed}`), 22, 2);
  const by = latinText(author, '');
  const body =
    bg.svg +
    `<rect x="0" y="${h - 170}" width="${w}" height="170" fill="#000" opacity="0.45"/>` +
    textLines(name, 32, h - 110, 50, 'font-weight="bold" fill="#fff"') +
    (by ? textLines([by], w - 32, h - 24, 26, 'text-anchor="end" fill="#ffe9a8"') : '');
  return rasterise(w, h, body);
}

/** A chapter page (800×1200): numbered panels and 'Chapter n · Page m' (or 'Page m'). */
export function renderDemoPage({ bookTitle, chapter, page, seed }: PageArt): Promise<Buffer> {
  const { width: w, height: h } = PAGE_ART_SIZE_PX;
  const next = rng(seed * 7919 + (chapter ?? 0) * 131 + page);
  const hue = next() * 360;
  const m = 24;
  let body = `<rect width="${w}" height="${h}" fill="#fafafa"/>`;
  // Rows of 1–2 panels with a random split, like a comic page layout.
  const rows = 3;
  const rowH = (h - m * (rows + 1) - 70) / rows;
  let n = 1;
  for (let r = 0; r < rows; r++) {
    const y = 70 + m + r * (rowH + m);
    const split = next() < 0.6 ? 0.35 + next() * 0.3 : 1;
    const firstW = (w - 3 * m) * split;
    const cells: [number, number][] =
      split === 1
        ? [[m, w - 2 * m]]
        : [
            [m, firstW],
            [2 * m + firstW, w - 3 * m - firstW],
          ];
    for (const [x, cw] of cells) {
      const fill = hsl(hue + next() * 90, 55, 78);
      const cx = x + cw / 2;
      const cy = y + rowH / 2;
      body +=
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${cw.toFixed(1)}" height="${rowH.toFixed(1)}" fill="${fill}" stroke="#222" stroke-width="5"/>` +
        `<circle cx="${(x + cw * (0.2 + next() * 0.6)).toFixed(1)}" cy="${(y + rowH * (0.3 + next() * 0.4)).toFixed(1)}" r="${(rowH * (0.15 + next() * 0.15)).toFixed(1)}" fill="${hsl(hue + 180, 60, 55)}" opacity="0.7"/>` +
        `<text x="${cx.toFixed(1)}" y="${(cy + 40).toFixed(1)}" text-anchor="middle" font-family="${FONT}" font-size="120" font-weight="bold" fill="#222" opacity="0.8">${n}</text>`;
      n++;
    }
  }
  const title = latinText(bookTitle, `Comic No. ${seed}`, 30);
  body +=
    `<text x="${m}" y="52" font-family="${FONT}" font-size="34" font-weight="bold" fill="#222">${escapeXml(chapter === undefined ? `Page ${page}` : `Chapter ${chapter} · Page ${page}`)}</text>` +
    `<text x="${w - m}" y="52" text-anchor="end" font-family="${FONT}" font-size="24" fill="#666">${escapeXml(title)}</text>`;
  return rasterise(w, h, body);
}

/** Advert banner (750×320). */
export function renderDemoAd({ title, seed }: AdArt): Promise<Buffer> {
  const { width: w, height: h } = AD_SIZE_PX;
  const next = rng(seed ^ 0x27d4eb2f);
  const bg = background(w, h, next, 8);
  const body =
    bg.svg +
    textLines(
      wrap(latinText(title, `Special offer ${seed}`), 24, 2),
      40,
      130,
      52,
      'font-weight="bold" fill="#fff"',
    ) +
    `<rect x="40" y="${h - 90}" width="220" height="56" rx="28" fill="#fff"/>` +
    `<text x="150" y="${h - 52}" text-anchor="middle" font-family="${FONT}" font-size="28" font-weight="bold" fill="${hsl(bg.hue, 70, 40)}">Read now</text>`;
  return rasterise(w, h, body);
}

/** Video poster, 16:9 (640×360), with a play mark. */
export function renderDemoVodPoster({ title, seed }: AdArt): Promise<Buffer> {
  const { width: w, height: h } = POSTER_SIZE_PX;
  const next = rng(seed ^ 0x165667b1);
  const bg = background(w, h, next, 8);
  const body =
    bg.svg +
    `<circle cx="${w / 2}" cy="${h / 2 - 20}" r="54" fill="#000" opacity="0.5"/>` +
    `<polygon points="${w / 2 - 18},${h / 2 - 50} ${w / 2 - 18},${h / 2 + 10} ${w / 2 + 32},${h / 2 - 20}" fill="#fff"/>` +
    textLines(
      wrap(latinText(title, `Video No. ${seed}`), 26, 1),
      w / 2,
      h - 40,
      36,
      'text-anchor="middle" font-weight="bold" fill="#fff"',
    );
  return rasterise(w, h, body);
}
