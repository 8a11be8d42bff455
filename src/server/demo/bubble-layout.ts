import { breakLines, lineBreakCost, linesFollowRules, textWidthEm } from './cjk-lines.js';
import type { Box } from './faces.js';

/**
 * Where a panel's speech bubbles and caption go, as a pure function of the panel, the characters' faces
 * and the text: bubbles never overlap one another, a face or the caption, each tail starts on its bubble
 * and stops just short of its speaker's face (nearer that head than any other), and the bubbles read in
 * order (the next one lower down). It tries each bubble in a few shapes (lines balanced by
 * cjk-lines.ts) at places over the panel, keeps the cheapest that breaks no rule (close above the
 * speaker's head is cheapest), and steps the font size down when the text does not fit. Null when even
 * the smallest size does not fit: the caller then draws its characters smaller.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Speech {
  /** Index into the faces. */
  speaker: number;
  text: string;
}

export interface LaidBubble {
  speaker: number;
  box: Box;
  lines: string[];
  /** Font size, px. */
  size: number;
  /** Corner radius of the box. */
  radius: number;
  /** The tail: two points on the box's edge and the tip by the speaker's face. */
  tail: [Point, Point, Point];
  /** The tail's base pushed into the box (where the drawing joins tail and box). */
  tailJoin: [Point, Point];
}

export interface LaidCaption {
  box: Box;
  lines: string[];
  size: number;
}

export interface PanelText {
  bubbles: LaidBubble[];
  caption?: LaidCaption;
}

export interface PanelTextInput {
  panel: Box;
  /** The characters' faces, left to right. */
  faces: Box[];
  /** In reading order. */
  speeches: Speech[];
  caption?: string;
  /** Font size to use when the text fits. */
  size: number;
  /** Smallest font size to try. */
  minSize: number;
  /** Reading order as a preference, not a rule (a last resort before drawing without characters). */
  looseOrder?: boolean;
}

/** Room kept between a bubble and the panel's edge. */
const PAD = 10;
/** Room kept between a bubble and its speaker's face: the tail's length at least. */
const FACE_GAP = 18;
/** Room kept between a bubble and another character's face. */
const OTHER_FACE_GAP = 8;
/** Where the tail stops short of its speaker's face. */
const TIP_GAP = 5;
const BUBBLE_GAP = 8;
const TAIL_HALF = 10;
/** How far into the box the drawn tail reaches, to cover the box's outline where they join. */
const JOIN_DEPTH = 8;
/** The room between a bubble above a head and that head that reads best. */
const IDEAL_TAIL = 28;
/** The grid's finest step, px. */
const MIN_STEP = 12;
/** Placements of the first bubble (and of later ones but the last) tried with the bubbles after it. */
const KEEP_FIRST = 5;
const KEEP_LATER = 2;
/** Placements of a bubble tried, one per band of the panel's height, when the cheapest ones fail. */
const SPREAD = 6;
const LINE_HEIGHT = 1.25;

export const center = (b: Box): Point => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });
const inflate = (b: Box, d: number): Box => ({ x: b.x - d, y: b.y - d, w: b.w + 2 * d, h: b.h + 2 * d });
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clamp = (v: number, lo: number, hi: number) =>
  lo > hi ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi);

export const boxesOverlap = (a: Box, b: Box) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const corners = (b: Box): Point[] => [
  { x: b.x, y: b.y },
  { x: b.x + b.w, y: b.y },
  { x: b.x + b.w, y: b.y + b.h },
  { x: b.x, y: b.y + b.h },
];

/** Whether two convex polygons overlap (separating axis test; touching is not overlapping). */
export function polygonsOverlap(a: Point[], b: Point[]): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const nx = q.y - p.y;
      const ny = p.x - q.x;
      if (nx === 0 && ny === 0) continue;
      let aMin = Infinity;
      let aMax = -Infinity;
      let bMin = Infinity;
      let bMax = -Infinity;
      for (const v of a) {
        const d = v.x * nx + v.y * ny;
        aMin = Math.min(aMin, d);
        aMax = Math.max(aMax, d);
      }
      for (const v of b) {
        const d = v.x * nx + v.y * ny;
        bMin = Math.min(bMin, d);
        bMax = Math.max(bMax, d);
      }
      if (aMax <= bMin + 1e-9 || bMax <= aMin + 1e-9) return false;
    }
  }
  return true;
}

export const triangleHitsBox = (t: Point[], b: Box) => polygonsOverlap(t, corners(b));

/** A bubble's size for its lines at a font size. */
export function bubbleSize(lines: string[], size: number): { w: number; h: number } {
  const widest = Math.max(...lines.map(textWidthEm));
  return { w: widest * size + 1.2 * size, h: ((lines.length - 1) * LINE_HEIGHT + 1) * size + 0.9 * size };
}

/** Baseline of line i in a bubble of this top and size (the lines centred in the box). */
export const bubbleBaseline = (top: number, size: number, i: number) =>
  top + 1.33 * size + i * LINE_HEIGHT * size;

const radiusOf = (w: number, h: number) => Math.min(h / 2, w / 2, 30);

/**
 * The tail of a bubble at `box` toward `face`: from where the line from the box's centre to the face's
 * centre leaves the box (kept off the rounded corners) to where it meets the face (less TIP_GAP).
 */
export function tailFor(box: Box, face: Box): { tail: [Point, Point, Point]; join: [Point, Point] } | null {
  const c = center(box);
  const h = center(face);
  const dx = h.x - c.x;
  const dy = h.y - c.y;
  const r = radiusOf(box.w, box.h);
  // Which edge the line leaves through.
  const tx = dx === 0 ? Infinity : box.w / 2 / Math.abs(dx);
  const ty = dy === 0 ? Infinity : box.h / 2 / Math.abs(dy);
  let base: Point;
  let along: Point;
  let inward: Point;
  if (ty <= tx) {
    const y = dy > 0 ? box.y + box.h : box.y;
    base = { x: clamp(c.x + dx * ty, box.x + r + TAIL_HALF, box.x + box.w - r - TAIL_HALF), y };
    along = { x: 1, y: 0 };
    inward = { x: 0, y: dy > 0 ? -1 : 1 };
  } else {
    const x = dx > 0 ? box.x + box.w : box.x;
    base = { x, y: clamp(c.y + dy * tx, box.y + r + TAIL_HALF, box.y + box.h - r - TAIL_HALF) };
    along = { x: 0, y: 1 };
    inward = { x: dx > 0 ? -1 : 1, y: 0 };
  }
  // Where the ray from the base to the face's centre enters the face (grown by TIP_GAP).
  const f = inflate(face, TIP_GAP);
  const rx = h.x - base.x;
  const ry = h.y - base.y;
  let enter = 0;
  for (const [o, d, lo, hi] of [
    [base.x, rx, f.x, f.x + f.w],
    [base.y, ry, f.y, f.y + f.h],
  ] as const) {
    if (d === 0) continue;
    const t1 = (lo - o) / d;
    const t2 = (hi - o) / d;
    enter = Math.max(enter, Math.min(t1, t2));
  }
  if (enter <= 0) return null;
  const tip = { x: base.x + rx * enter, y: base.y + ry * enter };
  const side = (s: number, depth: number): Point => ({
    x: base.x + along.x * TAIL_HALF * s + inward.x * depth,
    y: base.y + along.y * TAIL_HALF * s + inward.y * depth,
  });
  return { tail: [side(-1, 0), side(1, 0), tip], join: [side(-1, JOIN_DEPTH), side(1, JOIN_DEPTH)] };
}

interface Shape {
  lines: string[];
  w: number;
  h: number;
}

/**
 * The shapes a line can take at a size: up to five line counts, each balanced and obeying the rules
 * (a width the rules cannot meet gives no shape).
 */
function shapes(text: string, size: number, maxW: number): Shape[] {
  const key = `${size}|${maxW}|${text}`;
  const hit = shapeCache.get(key);
  if (hit) return hit;
  const out = new Map<number, Shape>();
  const maxEm = Math.floor((maxW - 1.2 * size) / size);
  for (let em = maxEm; em >= 1 && out.size < 5; em--) {
    const lines = breakLines(text, em);
    if (out.has(lines.length) || !linesFollowRules(lines)) continue;
    const { w, h } = bubbleSize(lines, size);
    if (w <= maxW) out.set(lines.length, { lines, w, h });
  }
  // Text the rules cannot break at this width (a long run of marks): drawn anyway, broken greedily.
  if (out.size === 0) {
    const lines = breakLines(text, Math.max(1, maxEm));
    const { w, h } = bubbleSize(lines, size);
    if (w <= maxW) out.set(lines.length, { lines, w, h });
  }
  if (shapeCache.size >= 2048) shapeCache.clear();
  const shapesOf = [...out.values()];
  shapeCache.set(key, shapesOf);
  return shapesOf;
}

const shapeCache = new Map<string, Shape[]>();

interface Placed {
  boxes: Box[];
  tails: Point[][];
}

function place(
  input: PanelTextInput,
  speech: Speech,
  size: number,
  prev: LaidBubble | undefined,
  taken: Placed,
  keep: number,
  spread = false,
): { bubble: LaidBubble; cost: number }[] {
  const { panel, faces } = input;
  const face = faces[speech.speaker]!;
  const head = center(face);
  // Below each other character's face, its body, roughly.
  const bottom = panel.y + panel.h;
  const bodies = faces
    .filter((_, i) => i !== speech.speaker)
    .map((f) => ({ x: f.x - f.w * 0.3, y: f.y + f.h, w: f.w * 1.6, h: Math.max(0, bottom - f.y - f.h) }));
  // What no bubble box may touch: the faces (its speaker's with room for the tail), the boxes placed.
  const blocked = [
    ...faces.map((f, i) => inflate(f, i === speech.speaker ? FACE_GAP : OTHER_FACE_GAP)),
    ...taken.boxes.map((b) => inflate(b, BUBBLE_GAP)),
  ];
  const inner = { x: panel.x + PAD, y: panel.y + PAD, w: panel.w - 2 * PAD, h: panel.h - 2 * PAD };
  // A grid over the panel, finer in a small one: about 25 places across.
  const step = Math.max(MIN_STEP, Math.min(inner.w, inner.h) / 14);
  const all = shapes(speech.text, size, inner.w);
  // Candidates as numbers (a page weighs thousands): x, y, shape; sorted by a key holding the cost in
  // its high digits and the candidate's index in its low ones.
  const cx: number[] = [];
  const cy: number[] = [];
  const cs: number[] = [];
  const keys: number[] = [];
  all.forEach((shape, si) => {
    const { w, h } = shape;
    if (h > inner.h) return;
    const maxX = inner.x + inner.w - w;
    const maxY = inner.y + inner.h - h;
    const xs = [maxX];
    const ys = [maxY];
    for (let x = inner.x; x < maxX; x += step) xs.push(x);
    for (let y = inner.y; y < maxY; y += step) ys.push(y);
    // Places that just clear the faces and the bubbles already placed, which a grid step can miss.
    for (const f of faces) {
      xs.push(f.x - FACE_GAP - w, f.x + f.w + FACE_GAP, f.x + f.w / 2 - w / 2);
      ys.push(f.y - FACE_GAP - h, f.y + f.h + FACE_GAP);
    }
    for (const b of taken.boxes) {
      ys.push(b.y + b.h + BUBBLE_GAP);
      xs.push(b.x + b.w + BUBBLE_GAP, b.x - BUBBLE_GAP - w);
    }
    // A short line on one line; a long one in a few lines, about three times as wide as tall.
    const shapeCost =
      25 * Math.abs(Math.log(w / h / 3)) + 8 * (shape.lines.length - 1) + 5 * lineBreakCost(shape.lines);
    for (const y of ys) {
      if (y < inner.y || y > maxY) continue;
      // Above the speaker's face rather than beside it (close, not too close), beside rather than below.
      const above = face.y - (y + h);
      let rowCost = shapeCost + (above >= 0 ? Math.abs(above - IDEAL_TAIL) * 0.4 : 60);
      if (y > face.y + face.h) rowCost += 200;
      const blockedRow = blocked.filter((b) => y < b.y + b.h && b.y < y + h);
      for (const x of xs) {
        if (x < inner.x || x > maxX) continue;
        if (blockedRow.some((b) => x < b.x + b.w && b.x < x + w)) continue;
        let cost = rowCost + Math.abs(x + w / 2 - head.x) * 0.35;
        // Read in order: a later bubble lower than the one before, or about level with it and to its
        // right (a rule unless the text fits no other way, then a cost).
        if (
          prev &&
          y < prev.box.y + size * 0.6 &&
          !(y >= prev.box.y - size * 0.5 && x >= prev.box.x + prev.box.w)
        ) {
          if (!input.looseOrder) continue;
          cost += 150;
        }
        // Rather over the sky than over another character.
        for (const b of bodies) {
          const ox = Math.min(x + w, b.x + b.w) - Math.max(x, b.x);
          const oy = Math.min(y + h, b.y + b.h) - Math.max(y, b.y);
          if (ox > 0 && oy > 0) cost += ((ox * oy) / (size * size)) * 3;
        }
        keys.push(Math.round(cost * 64) * 2 ** 20 + cx.length);
        cx.push(x);
        cy.push(y);
        cs.push(si);
      }
    }
  });
  const order = Float64Array.from(keys).sort();
  const out: { bubble: LaidBubble; cost: number }[] = [];
  for (const key of order) {
    const i = key % 2 ** 20;
    // Kept placements differ (another shape, or somewhere else), or trying them again gains nothing;
    // spread out, they differ in height (one band of the panel each): a first bubble high up leaves
    // the next one room below it.
    if (
      out.some(({ bubble: b }) =>
        spread
          ? Math.floor((b.box.y - inner.y) / (2 * step)) === Math.floor((cy[i]! - inner.y) / (2 * step))
          : b.lines === all[cs[i]!]!.lines &&
            Math.abs(b.box.x - cx[i]!) + Math.abs(b.box.y - cy[i]!) < 3 * step,
      )
    )
      continue;
    const shape = all[cs[i]!]!;
    const laid = check(
      input,
      speech,
      size,
      { x: cx[i]!, y: cy[i]!, w: shape.w, h: shape.h },
      shape.lines,
      taken,
    );
    if (!laid) continue;
    out.push({ bubble: laid, cost: Math.floor(key / 2 ** 20) / 64 });
    if (out.length >= keep) break;
  }
  return out;
}

/** The candidate as a bubble, or null when it breaks a rule. */
function check(
  { faces }: PanelTextInput,
  speech: Speech,
  size: number,
  box: Box,
  lines: string[],
  taken: Placed,
): LaidBubble | null {
  const grown = corners(inflate(box, 2));
  for (const t of taken.tails) if (polygonsOverlap(t, grown)) return null;
  const t = tailFor(box, faces[speech.speaker]!);
  if (!t) return null;
  const tip = t.tail[2];
  const own = dist(tip, center(faces[speech.speaker]!));
  for (let i = 0; i < faces.length; i++) {
    if (i === speech.speaker) continue;
    if (dist(tip, center(faces[i]!)) <= own) return null;
    if (triangleHitsBox(t.tail, inflate(faces[i]!, 2))) return null;
  }
  for (const b of taken.boxes) if (triangleHitsBox(t.tail, inflate(b, 2))) return null;
  for (const other of taken.tails) if (polygonsOverlap(t.tail, other)) return null;
  return {
    speaker: speech.speaker,
    box,
    lines,
    size,
    radius: radiusOf(box.w, box.h),
    tail: t.tail,
    tailJoin: t.join,
  };
}

/** Places the speeches from `from` on, trying each kept placement of a bubble before giving up. */
/**
 * Places the speeches from `from` on: each kept placement of this bubble with the best placement of
 * the rest, the cheapest in total (so a first bubble moves aside when that leaves the next one room
 * above its speaker). Null when the rest cannot be placed after any of them.
 */
function placeFrom(
  input: PanelTextInput,
  size: number,
  from: number,
  prev: LaidBubble | undefined,
  taken: Placed,
): { bubbles: LaidBubble[]; cost: number } | null {
  if (from === input.speeches.length) return { bubbles: [], cost: 0 };
  const keep = from === 0 ? KEEP_FIRST : KEEP_LATER;
  const last = from === input.speeches.length - 1;
  let best: { bubbles: LaidBubble[]; cost: number } | null = null;
  const tryEach = (options: { bubble: LaidBubble; cost: number }[]) => {
    for (const { bubble, cost } of options) {
      const next: Placed = { boxes: [...taken.boxes, bubble.box], tails: [...taken.tails, bubble.tail] };
      const rest = placeFrom(input, size, from + 1, bubble, next);
      if (rest && (!best || cost + rest.cost < best.cost))
        best = { bubbles: [bubble, ...rest.bubbles], cost: cost + rest.cost };
    }
  };
  tryEach(place(input, input.speeches[from]!, size, prev, taken, last ? 1 : keep));
  // The cheapest places of this bubble left the next no room: try it higher or lower in the panel.
  if (!best && !last) tryEach(place(input, input.speeches[from]!, size, prev, taken, SPREAD, true));
  return best;
}

const CAPTION_PAD = 14;

/** The caption's possible places: top left (read first), then the other corners, each at the largest size that fits. */
function captionOptions(input: PanelTextInput): LaidCaption[] {
  const { panel, faces, caption } = input;
  if (!caption) return [];
  const out: LaidCaption[] = [];
  for (const corner of [0, 1, 2, 3]) {
    for (const size of [24, 21, 18]) {
      const lines = breakLines(caption, Math.floor((panel.w - 16 - 2 * CAPTION_PAD) / size));
      const w = Math.max(...lines.map(textWidthEm)) * size + 2 * CAPTION_PAD;
      const h = ((lines.length - 1) * 1.3 + 1) * size + 16;
      const x = corner < 2 ? panel.x + 8 : panel.x + panel.w - 8 - w;
      const y = corner % 2 === 0 ? panel.y + 8 : panel.y + panel.h - 8 - h;
      const box = { x, y, w, h };
      if (w > panel.w - 16 || h > panel.h - 16) continue;
      if (faces.some((f) => boxesOverlap(box, inflate(f, OTHER_FACE_GAP)))) continue;
      out.push({ box, lines, size });
      break;
    }
  }
  return out;
}

/** The text at one font size, with the caption in the first place that leaves the bubbles room. */
function layoutAt(
  input: PanelTextInput,
  size: number,
  captions: (LaidCaption | undefined)[],
): PanelText | null {
  for (const caption of captions) {
    const taken: Placed = { boxes: caption ? [caption.box] : [], tails: [] };
    const placed = placeFrom(input, size, 0, undefined, taken);
    if (placed) return caption ? { bubbles: placed.bubbles, caption } : { bubbles: placed.bubbles };
  }
  return null;
}

export function layoutPanelText(input: PanelTextInput): PanelText | null {
  const captions: (LaidCaption | undefined)[] = input.caption ? captionOptions(input) : [undefined];
  const first = layoutAt(input, input.size, captions);
  if (first || input.minSize >= input.size) return first;
  // Smaller text fits more easily: when even the smallest size does not fit, give up at once (the
  // caller draws the characters smaller); else the largest size that fits, by halving the range.
  let fits = layoutAt(input, input.minSize, captions);
  if (!fits) return null;
  let [lo, hi] = [input.minSize, input.size];
  while (hi - lo > 2) {
    const mid = lo + 2 * Math.floor((hi - lo) / 4);
    const text = layoutAt(input, mid, captions);
    if (text) [lo, fits] = [mid, text];
    else hi = mid;
  }
  return fits;
}
