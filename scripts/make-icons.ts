/**
 * Draws the app icons (manifest, apple-touch, shortcuts) from one SVG with sharp.
 * Run after changing the artwork: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '..', 'public', 'icons');
const BRAND = '#ff5a7a';

/** An open book with a play mark: comics and short videos. `scale` shrinks it into the maskable safe zone. */
function glyph(scale: number): string {
  const t = `translate(256 256) scale(${scale}) translate(-256 -256)`;
  return `<g transform="${t}">
    <path d="M96 150c56-18 110-14 152 14v214c-42-28-96-32-152-14z" fill="#fff"/>
    <path d="M416 150c-56-18-110-14-152 14v214c42-28 96-32 152-14z" fill="#fff" opacity=".92"/>
    <path d="M310 226v76l60-38z" fill="${BRAND}"/>
    <path d="M130 196h84M130 232h84M130 268h60" stroke="${BRAND}" stroke-width="14" stroke-linecap="round" opacity=".55"/>
  </g>`;
}

const rounded = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${BRAND}"/>${body}</svg>`;
const fullBleed = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${BRAND}"/>${body}</svg>`;

function shortcut(kind: 'shelf' | 'history'): string {
  const mark =
    kind === 'shelf'
      ? '<path d="M256 120l38 78 86 12-62 60 15 86-77-41-77 41 15-86-62-60 86-12z" fill="#fff"/>'
      : '<circle cx="256" cy="256" r="120" fill="none" stroke="#fff" stroke-width="32"/><path d="M256 180v82l56 36" fill="none" stroke="#fff" stroke-width="32" stroke-linecap="round"/>';
  return rounded(mark);
}

async function png(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(join(OUT, file));
  console.log(file);
}

mkdirSync(OUT, { recursive: true });
await png(rounded(glyph(1)), 192, 'icon-192.png');
await png(rounded(glyph(1)), 512, 'icon-512.png');
// Maskable: the launcher crops to a circle or squircle; keep the mark inside the central 80%.
await png(fullBleed(glyph(0.72)), 512, 'maskable-512.png');
// iOS rounds corners itself and shows transparency as black: full-bleed art.
await png(fullBleed(glyph(0.86)), 180, 'apple-touch-icon.png');
await png(shortcut('shelf'), 96, 'shortcut-shelf.png');
await png(shortcut('history'), 96, 'shortcut-history.png');
await png(rounded(glyph(1)), 32, 'favicon-32.png');
