import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAST_SETS } from '../../src/server/demo/cast';
import { FACE_BOXES } from '../../src/server/demo/faces';

/**
 * The face boxes speech bubbles keep off (demo/faces.ts) measured again from comicgen's files: each
 * set's emotion parts (its heads) rasterised in the 500×600 character box, their drawn area unioned.
 * A set added to the cast without its face box, or a box that misses part of a head, fails here.
 */

const root = join(dirname(createRequire(import.meta.url).resolve('comicgen/package.json')), 'svg');

async function drawnBox(file: string): Promise<[number, number, number, number]> {
  const text = readFileSync(file, 'utf8');
  const viewBox = /<svg[^>]*viewBox="([^"]+)"/.exec(text)?.[1] ?? '0 0 500 600';
  const body = text.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="500" height="600"><svg width="500" height="600" viewBox="${viewBox}">${body}</svg></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [l, t, r, b] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[(y * info.width + x) * 4 + 3]! > 40) {
        l = Math.min(l, x);
        r = Math.max(r, x + 1);
        t = Math.min(t, y);
        b = Math.max(b, y + 1);
      }
  return [l, t, r, b];
}

const svgsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.svg') && !/^(dozing|sleep)\./.test(f))
    .map((f) => join(dir, f));

/**
 * The files that draw a set's head: its emotion parts; for aavatar, which assembles a person, every
 * hair (gender/…) and every face of every face style (expression/…).
 */
function headFiles(set: string): string[] {
  const base = join(root, set);
  if (set === 'aavatar')
    return ['gender', 'expression'].flatMap((part) =>
      readdirSync(join(base, part)).flatMap((kind) => svgsIn(join(base, part, kind))),
    );
  const dir = existsSync(join(base, 'straight')) ? join(base, 'straight') : base;
  return svgsIn(join(dir, 'emotion'));
}

describe('demo character faces', () => {
  it.each([...CAST_SETS])('%s: the face box holds every head of the set, and little more', async (set) => {
    const box = FACE_BOXES[set];
    expect(box).toBeDefined();
    const files = headFiles(set);
    const union = [Infinity, Infinity, -Infinity, -Infinity];
    for (const f of files) {
      const [l, t, r, b] = await drawnBox(f);
      [union[0], union[1], union[2], union[3]] = [
        Math.min(union[0]!, l),
        Math.min(union[1]!, t),
        Math.max(union[2]!, r),
        Math.max(union[3]!, b),
      ];
    }
    const [l, t, r, b] = box!;
    expect(union[0]).toBeGreaterThanOrEqual(l - 1);
    expect(union[1]).toBeGreaterThanOrEqual(t - 1);
    expect(union[2]).toBeLessThanOrEqual(r + 1);
    expect(union[3]).toBeLessThanOrEqual(b + 1);
    // Not much bigger either: a box far too big would push bubbles away for nothing.
    expect(l).toBeGreaterThanOrEqual(union[0]! - 4);
    expect(t).toBeGreaterThanOrEqual(union[1]! - 4);
    expect(r).toBeLessThanOrEqual(union[2]! + 4);
    expect(b).toBeLessThanOrEqual(union[3]! + 4);
  });
});
