import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Characters of the demo comics and videos: the `comicgen` package's SVG parts (a head with an
 * emotion over a body with a pose, both in a 500×600 box). Only sets its README releases under CC0 are
 * listed here (priya is CC0 too but left out: its clip paths make it several times slower to draw) (credits in README.md, "Demo content credits"); the CC-BY sets and the sets that depict
 * real public figures are left out on purpose.
 */

const require = createRequire(import.meta.url);
const SVG_ROOT = join(dirname(require.resolve('comicgen/package.json')), 'svg');

/**
 * CC0 sets with a straight-facing emotion + pose pair, and aavatar (a head, a face and an attire put
 * together) (see comicgen's README, "Character credits").
 */
export const CAST_SETS = [
  'dee',
  'dey',
  'ringo',
  'sophie',
  'bill',
  'ethan',
  'evan',
  'ava',
  'bean',
  'aryan',
  'aavatar',
] as const;
export type CastSet = (typeof CAST_SETS)[number];

/** The sets that draw a person as one fixed figure (bean is the teacup mascot, aavatar is assembled). */
export const HUMAN_SETS = ['dee', 'dey', 'ringo', 'sophie', 'bill', 'ethan', 'evan', 'ava', 'aryan'] as const;

/**
 * aavatar assembles a person from a head (hair, under gender/), a face style and an attire: many
 * different people from one CC0 set. Attires listed here have every gesture we ask for.
 */
export const AAVATAR_ATTIRES = [
  'casualtee',
  'casualfullsleevetee',
  'fullsleeveshirt',
  'uniform',
  'formalsuit',
] as const;
export const AAVATAR_FACES = ['thinlines', 'sketchy', 'strokes'] as const;
/** The shirt colours aavatar lets a costume replace (its index.json "shirt" selector). */
const AAVATAR_SHIRTS = [
  '#e39279',
  '#bdc59a',
  '#bcd1ec',
  '#b1dbf2',
  '#00325f',
  '#8b9fdc',
  '#79bd8f',
  '#ea9a00',
  '#f796b3',
  '#fc6',
];

export const CHAR_BOX = { width: 500, height: 600 } as const;

interface SetParts {
  dir: string;
  emotions: string[];
  poses: string[];
  /** Fill colours the set lets us swap for a costume colour (its index.json "replace" entries). */
  costume: string[];
}

const setCache = new Map<CastSet, SetParts>();
const fileCache = new Map<string, string>();

function parts(set: CastSet): SetParts {
  const hit = setCache.get(set);
  if (hit) return hit;
  const base = join(SVG_ROOT, set);
  const dir = existsSync(join(base, 'straight')) ? join(base, 'straight') : base;
  const names = (sub: string) =>
    readdirSync(join(dir, sub))
      .filter((f) => f.endsWith('.svg'))
      .map((f) => f.slice(0, -4))
      .sort();
  const index = JSON.parse(readFileSync(join(base, 'index.json'), 'utf8')) as {
    replace?: Record<string, { type: string; selector?: string }>;
  };
  const costume = Object.entries(index.replace ?? {})
    .filter(([k, v]) => v.type === 'color' && /shirt|dress|suit/.test(k))
    .map(([, v]) => /#([0-9a-f]{3,6})/i.exec(v.selector ?? '')?.[0])
    .filter((c): c is string => Boolean(c));
  const out = { dir, emotions: names('emotion'), poses: names('pose'), costume };
  setCache.set(set, out);
  return out;
}

/**
 * A part as a nested <svg> filling the 500×600 box (sets use different viewBoxes), with its ids
 * prefixed per file: parts of different files reuse names like "clip-path".
 */
function inner(file: string): string {
  let svg = fileCache.get(file);
  if (svg === undefined) {
    const text = readFileSync(file, 'utf8');
    const viewBox = /<svg[^>]*viewBox="([^"]+)"/.exec(text)?.[1] ?? '0 0 500 600';
    const prefix = `c${createHash('sha1').update(file.slice(SVG_ROOT.length)).digest('hex').slice(0, 6)}-`;
    const body = text
      .replace(/^[\s\S]*?<svg[^>]*>/, '')
      .replace(/<\/svg>\s*$/, '')
      .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
      .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`)
      // Group opacity makes librsvg draw each shape offscreen (measured: 200 shapes 10 ms → 530 ms).
      .replace(/\sopacity="/g, ' fill-opacity="');
    svg = `<svg width="${CHAR_BOX.width}" height="${CHAR_BOX.height}" viewBox="${viewBox}">${body}</svg>`;
    fileCache.set(file, svg);
  }
  return svg;
}

/** Emotions we ask for, by mood; each set is mapped to the closest file it has. */
export type Mood = 'happy' | 'laugh' | 'sad' | 'angry' | 'surprised' | 'thinking' | 'neutral' | 'worried';
const MOOD_FILES: Record<Mood, string[]> = {
  happy: ['smile', 'happy', 'excited', 'laugh', 'yuhoo'],
  laugh: ['laugh', 'rofl', 'excited', 'smile', 'yuhoo'],
  sad: ['sad', 'cry', 'worried', 'tired'],
  angry: ['angry', 'irritated', 'annoyed', 'shout'],
  surprised: ['surprised', 'shocked', 'ooh', 'afraid'],
  thinking: ['hmm', 'curious', 'confused', 'lookingup', 'cunning'],
  neutral: ['neutral', 'normal', 'smile', 'hmm'],
  worried: ['worried', 'afraid', 'confused', 'sad'],
};
export type Gesture = 'stand' | 'point' | 'think' | 'cheer' | 'hold' | 'hips';
const GESTURE_FILES: Record<Gesture, string[]> = {
  stand: ['handsfolded', 'handsinpocket', 'handsheldback', 'normal', 'handsclasped'],
  point: ['pointingright', 'pointing45degree', 'pointingup', 'explaining', 'pointingleft'],
  think: ['thinking', 'handstouchingchin', 'readingpaper', 'holdingbook'],
  cheer: ['yuhoo', 'super', 'thumbsup', 'explainingwithbothhands'],
  hold: ['holdingcoffee', 'holdingmobile', 'holdingbook', 'holdinglaptop', 'holdingumbrella', 'holdingboard'],
  hips: ['handsonhip', 'angry', 'shrug', 'handsfolded'],
};

function choose(available: string[], wanted: string[], salt: number): string {
  const hits = wanted.filter((w) => available.includes(w));
  if (hits.length > 0) return hits[salt % Math.min(2, hits.length)]!;
  return available[salt % available.length]!;
}

export interface CharacterLook {
  set: CastSet;
  /** Costume colour for the sets that have one. */
  costume: string;
  /** aavatar only: the head (a file under gender/, e.g. "female/shorthair"). */
  hair?: string;
  /** aavatar only: the attire (AAVATAR_ATTIRES) and the face style (AAVATAR_FACES). */
  attire?: string;
  face?: string;
}

/** Every head aavatar has, as "gender/name" (male, female, unisex). */
export function aavatarHeads(): string[] {
  const dir = join(SVG_ROOT, 'aavatar', 'gender');
  return readdirSync(dir)
    .sort()
    .flatMap((g) =>
      readdirSync(join(dir, g))
        .filter((f) => f.endsWith('.svg'))
        .sort()
        .map((f) => `${g}/${f.slice(0, -4)}`),
    );
}

const dirCache = new Map<string, string[]>();
function listSvgs(dir: string): string[] {
  let names = dirCache.get(dir);
  if (!names) {
    names = readdirSync(dir)
      .filter((f) => f.endsWith('.svg'))
      .map((f) => f.slice(0, -4))
      .sort();
    dirCache.set(dir, names);
  }
  return names;
}

function aavatarMarkup(look: CharacterLook, mood: Mood, gesture: Gesture, salt: number): string {
  const root = join(SVG_ROOT, 'aavatar');
  const attire = look.attire ?? 'casualtee';
  const face = look.face ?? 'thinlines';
  const poseDir = join(root, 'pose', attire);
  const faceDir = join(root, 'expression', face);
  const pose = choose(listSvgs(poseDir), GESTURE_FILES[gesture], salt >> 1);
  const emotion = choose(listSvgs(faceDir), MOOD_FILES[mood], salt);
  let body = inner(join(poseDir, `${pose}.svg`));
  for (const c of AAVATAR_SHIRTS)
    body = body.replace(new RegExp(`fill="${c}"`, 'gi'), `fill="${look.costume}"`);
  return (
    body +
    inner(join(root, 'gender', `${look.hair ?? 'unisex/mediumhair'}.svg`)) +
    inner(join(faceDir, `${emotion}.svg`))
  );
}

/**
 * A character's SVG markup in its 500×600 box (no outer <svg>): nest it in a <g transform>. The same
 * arguments always give the same markup.
 */
export function characterMarkup(look: CharacterLook, mood: Mood, gesture: Gesture, salt = 0): string {
  if (look.set === 'aavatar') return aavatarMarkup(look, mood, gesture, salt);
  const p = parts(look.set);
  const emotion = choose(p.emotions, MOOD_FILES[mood], salt);
  const pose = choose(p.poses, GESTURE_FILES[gesture], salt >> 1);
  let body = inner(join(p.dir, 'pose', `${pose}.svg`));
  for (const c of p.costume) body = body.replace(new RegExp(`fill="${c}"`, 'gi'), `fill="${look.costume}"`);
  return body + inner(join(p.dir, 'emotion', `${emotion}.svg`));
}
