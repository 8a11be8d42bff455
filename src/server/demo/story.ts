import { HUMAN_SETS, type CastSet, type CharacterLook, type Gesture, type Mood } from './cast.js';
import { ARCS, LATER_CLIFFS, LATER_SETUPS, LATER_TURNS, LATER_TURN_LINES, ON_THE_WAY } from './episodes.js';
import { REACTION, expressionOf } from './expressions.js';
import { MAX_CAPTION, splitLine } from './line-split.js';
import { premiseLooks } from './looks.js';
import { premiseAt, type Premise } from './premises.js';
import { createRng, type Rng } from './rng.js';
import type { Scene } from './scenes.js';

export type { Scene } from './scenes.js';

/**
 * The demo comics' stories: each book tells its own premise (premises.ts) with a cast of fixed names,
 * chapter by chapter along a beat sheet (episodes.ts: a setup, a turn, a cliffhanger), and each page
 * draws its share of the chapter's lines in order. Everything derives from the book and seeds, so the
 * same book always tells the same story (the server draws pages on demand from these recipes).
 */

export interface Genre {
  /** Category name (names.ts CATEGORY_NAMES). */
  name: string;
  /** Cover palette: background from → to, accent. The first is also a chapter's title bar, under
   * black text: a light colour. */
  palette: [string, string, string];
  scenes: Scene[];
}

export const GENRES: Genre[] = [
  {
    name: '冒险',
    palette: ['#ff9a3c', '#155e63', '#ffe08a'],
    scenes: ['forest', 'field', 'beach', 'street'],
  },
  {
    name: '喜剧',
    palette: ['#ffd93d', '#ff6b9d', '#ffffff'],
    scenes: ['room', 'street', 'cafe', 'classroom'],
  },
  {
    name: '校园',
    palette: ['#74c0fc', '#e7f5ff', '#1c7ed6'],
    scenes: ['classroom', 'street', 'field', 'room'],
  },
  {
    name: '奇幻',
    palette: ['#c77dff', '#1a1040', '#ffd166'],
    scenes: ['forest', 'night', 'field', 'street'],
  },
  { name: '科幻', palette: ['#00d4ff', '#0b3d91', '#e0fbfc'], scenes: ['space', 'night', 'street', 'room'] },
  { name: '悬疑', palette: ['#c9ada7', '#2b2d42', '#edf2f4'], scenes: ['night', 'room', 'street', 'cafe'] },
  {
    name: '运动',
    palette: ['#2f9e44', '#fd7e14', '#fff3bf'],
    scenes: ['field', 'street', 'beach', 'classroom'],
  },
  { name: '日常', palette: ['#ffc9b9', '#fff4e6', '#e8590c'], scenes: ['cafe', 'room', 'street', 'beach'] },
];

export interface CastMember extends CharacterLook {
  name: string;
}

export interface BookStory {
  title: string;
  genre: number;
  seed: number;
  cast: CastMember[];
  /** Which premise of its category it tells (premises.ts); absent: derived from the seed. */
  premise?: number;
  /** Pages of each chapter (the cliffhanger goes on the last); absent: 8. */
  pages?: number[];
}

/** The premise slot a book tells: the catalogue's book i (seed i + 1) is the (i / 8)th of its category. */
const premiseSlot = (book: Pick<BookStory, 'premise' | 'seed'>) =>
  book.premise ?? Math.floor(Math.max(0, book.seed - 1) / GENRES.length);

export const premiseOf = (book: Pick<BookStory, 'genre' | 'premise' | 'seed'>): Premise =>
  premiseAt(book.genre, premiseSlot(book));

/** A premise's cast: its fixed names with their looks (looks.ts). */
export function premiseCast(genre: number, slot: number): CastMember[] {
  const premise = premiseAt(genre, slot);
  const looks = premiseLooks(genre, slot);
  return premise.cast.map((p, i) => ({ name: p.name, ...looks[i]! }));
}

/** The story of the premise `slot` of category `genre` (its title and cast). */
export function premiseStory(genre: number, slot: number, seed: number): BookStory {
  return { title: premiseAt(genre, slot).title, genre, seed, premise: slot, cast: premiseCast(genre, slot) };
}

const VIDEO_NAMES = [
  '小满',
  '阿杰',
  '若水',
  '子墨',
  '星河',
  '半夏',
  '知秋',
  '南风',
  '青禾',
  '木槿',
  '一白',
  '乐乐',
];
const COSTUMES = ['#e03131', '#1971c2', '#2f9e44', '#f08c00', '#9c36b5', '#0c8599', '#e64980', '#5c940d'];

/** Two or three people of different classic sets (the demo videos' hosts; never the teacup). */
export function makeCast(seed: number): CastMember[] {
  const rng = createRng(seed * 7_919 + 17);
  const size = rng.chance(0.5) ? 3 : 2;
  const sets: CastSet[] = [...HUMAN_SETS];
  const names = [...VIDEO_NAMES];
  const cast: CastMember[] = [];
  for (let i = 0; i < size; i++) {
    const set = sets.splice(rng.int(0, sets.length - 1), 1)[0]!;
    const name = names.splice(rng.int(0, names.length - 1), 1)[0]!;
    cast.push({ name, set, costume: rng.pick(COSTUMES) });
  }
  return cast;
}

/** One thing said: by a cast member (0 lead, 1 partner, 2 third) or a caption (-1). */
export interface Said {
  who: number;
  text: string;
  /** The rest of a long line cut in two (splitLine): it stays on its first part's page. */
  cont?: true;
}

interface ChapterText {
  title: string;
  setup: Said[];
  middle: Said[];
  /** Lines said on the way (between the middle and the turn) when the pages have room. */
  way: Said[];
  turn: Said[];
  cliff: Said[];
}

const MAX_TITLE = 8;
const DEFAULT_PAGES = 8;
/** Lines a page carries on average: the rest of its panels are silent (a look, a reaction, a place). */
const LINES_PER_PAGE = 1.8;
/** Lines on the way a later chapter says at most. */
const LATER_WAY = 3;
/** Chapters of the category's arc; later ones recombine the shared episodes. */
const ARC = 5;

function fillSlots(text: string, premise: Premise): string {
  return text
    .replaceAll('{A}', premise.cast[0]!.name)
    .replaceAll('{B}', premise.cast[1]!.name)
    .replaceAll('{地}', premise.place)
    .replaceAll('{物}', premise.thing)
    .replaceAll('{敌}', premise.rival)
    .replaceAll('{愿}', premise.goal);
}

const SPEAKERS: Record<string, number> = { n: -1, a: 0, b: 1, c: 2 };

function parse(lines: string[], premise: Premise): Said[] {
  return lines
    .flatMap((l) => {
      const who = SPEAKERS[l[0]!] ?? 0;
      const text = fillSlots(l.slice(2), premise);
      // A long caption becomes two boxes (the place, then the time), the comma between them dropped.
      if (who < 0) return splitLine(text, MAX_CAPTION).map((t) => ({ who, text: t.replace(/，$/, '') }));
      return splitLine(text).map((t, i): Said => (i === 0 ? { who, text: t } : { who, text: t, cont: true }));
    })
    .filter((s) => s.who < premise.cast.length);
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const memo = new WeakMap<BookStory, ChapterText[]>();

/**
 * The whole book's text, chapter by chapter: titles are unique within the book, and no line of the
 * first ARC chapters is said twice (the lines on the way are used up before any comes back).
 */
function bookText(book: BookStory): ChapterText[] {
  const hit = memo.get(book);
  if (hit) return hit;
  const premise = premiseOf(book);
  const arc = ARCS[book.genre % ARCS.length]!;
  const rng = createRng(book.seed * 7_127 + 11);
  const later = shuffled(
    LATER_TURNS.map((_, i) => i),
    rng,
  );
  const ownLines = parse(premise.lines, premise);
  const genreLines = parse(
    shuffled(ON_THE_WAY[book.genre % ON_THE_WAY.length]!, rng).map((l, i) => `${'ab'[i % 2]}:${l}`),
    premise,
  );
  const laterLines = [...ownLines, ...genreLines];
  let ownAt = 0;
  let genreAt = 0;
  let laterAt = 0;
  const used = new Set<string>();
  const chapters = Math.max(book.pages?.length ?? 0, 30);
  const out: ChapterText[] = [];
  for (let c = 1; c <= chapters; c++) {
    let titles: string[];
    let setup: string[];
    let middle: string[] = [];
    let turn: string[];
    let cliff: string[];
    if (c <= ARC) {
      const ep = arc[c - 1]!;
      ({ titles, setup, middle, turn, cliff } = ep);
      if (c === 1) setup = [`n:${premise.opening}`, ...setup];
    } else {
      const k = c - ARC - 1;
      const round = Math.floor(k / later.length);
      const idx = k % later.length;
      const t = later[idx]!;
      const all = LATER_TURNS[t]!;
      titles = [...all.slice(round % all.length), ...all.slice(0, round % all.length)];
      setup = LATER_SETUPS[later[(idx + round) % later.length]! % LATER_SETUPS.length]!;
      turn = LATER_TURN_LINES[t]!;
      cliff = LATER_CLIFFS[later[(idx + 2 * round) % later.length]! % LATER_CLIFFS.length]!;
    }
    const filled = titles.map((t) => fillSlots(t, premise));
    const title =
      filled.find((t) => [...t].length <= MAX_TITLE && !used.has(t)) ??
      filled.find((t) => !used.has(t)) ??
      `${filled[0]}·${c}`;
    used.add(title);
    const text: ChapterText = {
      title,
      setup: parse(setup, premise),
      middle: parse(middle, premise),
      way: [],
      turn: parse(turn, premise),
      cliff: parse(cliff, premise),
    };
    const pages = book.pages?.[c - 1] ?? DEFAULT_PAGES;
    // Lines said (a long line cut in two counts once: its parts share a page).
    const units = (list: Said[]) => list.filter((s) => s.who >= 0 && !s.cont).length;
    const said = units([...text.setup, ...text.middle, ...text.turn, ...text.cliff]);
    let room = Math.max(0, Math.round(pages * LINES_PER_PAGE) - said);
    /** The next line of `pool` from `at`, with the rest of it when it was cut in two. */
    const take = (pool: Said[], at: number) => {
      let end = at + 1;
      while (end < pool.length && pool[end]!.cont) end++;
      text.way.push(...pool.slice(at, end));
      return end;
    };
    if (c <= ARC) {
      // The arc's chapters are told by their own beats, with the premise's own lines (its teacup's,
      // say) where there is room, and a word on the way only so that no page stays silent. None is
      // said twice: once used up, they go without.
      let silent = pages - 1 - (said - units(text.cliff));
      for (; room > 0 && ownAt < ownLines.length; room--, silent--) ownAt = take(ownLines, ownAt);
      for (; silent > 0 && genreAt < genreLines.length; silent--) genreAt = take(genreLines, genreAt);
    } else {
      // Later chapters, recombined, fill their pages with a little talk on the way (a few lines each,
      // so that neighbouring chapters do not say the same ones), as many as it takes for no page to
      // stay silent.
      const silent = pages - 1 - (said - units(text.cliff));
      for (room = Math.max(Math.min(room, LATER_WAY), silent); room > 0 && laterLines.length > 0; room--)
        laterAt = take(laterLines, laterAt % laterLines.length);
    }
    out.push(text);
  }
  memo.set(book, out);
  return out;
}

export function chapterTitle(book: BookStory, chapter: number): string {
  const text = bookText(book);
  return text[Math.min(chapter, text.length) - 1]!.title;
}

/** All a chapter says, in order (tests and tools). */
export function chapterLines(book: BookStory, chapter: number): Said[] {
  const t = bookText(book)[chapter - 1];
  return t ? [...t.setup, ...t.middle, ...t.way, ...t.turn, ...t.cliff] : [];
}

/**
 * What one page of a chapter says: the setup, middle and turn spread evenly over all but the last page
 * (a caption goes with the line after it), the cliffhanger on the last.
 */
export function pageLines(book: BookStory, chapter: number, page: number): Said[] {
  const all = bookText(book);
  const text = all[Math.min(chapter, all.length) - 1]!;
  const pages = Math.max(2, book.pages?.[chapter - 1] ?? DEFAULT_PAGES);
  if (page >= pages) return page === pages ? [...text.cliff] : [];
  const units: Said[][] = [];
  let pending: Said[] = [];
  for (const s of [...text.setup, ...text.middle, ...text.way, ...text.turn]) {
    if (s.cont && pending.length === 0 && units.length > 0) {
      units.at(-1)!.push(s);
      continue;
    }
    pending.push(s);
    if (s.who >= 0) {
      units.push(pending);
      pending = [];
    }
  }
  if (pending.length > 0) units.push(pending);
  const body = pages - 1;
  return units
    .slice(Math.floor(((page - 1) * units.length) / body), Math.floor((page * units.length) / body))
    .flat();
}

export interface PanelPlan {
  scene: Scene;
  /** Indexes into the cast, left to right. */
  who: number[];
  moods: Mood[];
  gestures: Gesture[];
  /** Line spoken by who[i] (undefined: silent). */
  lines: (string | undefined)[];
  /** A caption box (narration) instead of or beside the talk. */
  caption?: string;
  salt: number;
}

/** The other one in a two-shot: the lead listens to anyone else, the partner to the lead. */
const listenerOf = (who: number) => (who === 0 ? 1 : 0);

interface Group {
  caption?: string;
  said: Said[];
}

function groupsOf(lines: Said[], count: number, rng: Rng, opening: boolean): Group[] {
  const groups: Group[] = [];
  for (const s of lines) {
    const last = groups.at(-1);
    if (s.who < 0) groups.push({ caption: s.text, said: [] });
    else if (
      last &&
      last.said.length === 0 &&
      last.caption !== undefined &&
      !(opening && groups.length === 1)
    )
      last.said.push(s);
    else groups.push({ said: [s] });
  }
  // Too many: two lines of different speakers share a panel (an exchange).
  while (groups.length > count) {
    const i = groups.findIndex(
      (g, k) =>
        k + 1 < groups.length &&
        g.said.length === 1 &&
        groups[k + 1]!.said.length === 1 &&
        groups[k + 1]!.caption === undefined &&
        groups[k + 1]!.said[0]!.who !== g.said[0]!.who,
    );
    if (i < 0) {
      // No exchange left (rare): a speaker says two things in one bubble.
      const j = groups.findIndex(
        (g, k) => k + 1 < groups.length && groups[k + 1]!.caption === undefined && g.said.length > 0,
      );
      const g = groups[Math.max(0, j)]!;
      const n = groups.splice(Math.max(0, j) + 1, 1)[0]!;
      const same = n.said.filter((s) => s.who === g.said.at(-1)?.who);
      if (g.said.length > 0 && same.length === n.said.length)
        g.said[g.said.length - 1] = {
          ...g.said.at(-1)!,
          text: g.said.at(-1)!.text + same.map((s) => s.text).join(''),
        };
      else g.said.push(...n.said.filter((s) => !g.said.some((x) => x.who === s.who)));
      continue;
    }
    groups[i]!.said.push(groups.splice(i + 1, 1)[0]!.said[0]!);
  }
  // Too few: silent panels (a look, a reaction) between the talk.
  while (groups.length < count) {
    const at = groups.length === 0 ? 0 : rng.int(opening ? 1 : 0, groups.length);
    groups.splice(at, 0, { said: [] });
  }
  return groups;
}

/** The panels of one page: the count comes from the layout, the words from the chapter's script. */
export function planPanels(book: BookStory, chapter: number, page: number, count: number): PanelPlan[] {
  const premise = premiseOf(book);
  const rng: Rng = createRng(book.seed * 1_000_003 + chapter * 1_009 + page * 31);
  const chapterRng = createRng(book.seed * 97 + chapter);
  const places = premise.scenes;
  let scene: Scene = chapter === 1 || chapterRng.chance(0.5) ? places[0]! : chapterRng.pick(places);
  const lines = pageLines(book, chapter, page);
  // The opening panel of a chapter shows where it happens and who is there, under its caption, when there is room.
  const opening = page === 1 && lines[0]?.who === -1 && lines.filter((s) => s.who >= 0).length < count;
  const groups = groupsOf(lines, count, rng, opening);
  const pair = [0, Math.min(1, book.cast.length - 1)];
  let lastSaid: Said | undefined;
  return groups.map((g, i): PanelPlan => {
    if (g.caption && /夜|晚上/.test(g.caption) && places.includes('night')) scene = 'night';
    const salt = rng.int(0, 1_000_000);
    if (opening && i === 0) {
      // The place and who is there, before a word is said (also the chapter's thumbnail).
      const who = book.cast.length > 1 ? [...pair] : [0];
      return {
        scene,
        who,
        moods: who.map((): Mood => 'neutral'),
        gestures: who.map((_, k): Gesture => (k === 0 ? 'stand' : 'hold')),
        lines: who.map(() => undefined),
        caption: g.caption,
        salt,
      };
    }
    let who: number[];
    let said: (string | undefined)[];
    let moods: Mood[];
    let gestures: Gesture[];
    if (g.said.length === 0) {
      // A silent panel: the two react to what was said last.
      const react = lastSaid ? REACTION[expressionOf(lastSaid.text).mood] : 'neutral';
      who = book.cast.length > 1 && rng.chance(0.7) ? [...pair] : [pair[rng.int(0, 1)]!];
      said = who.map(() => undefined);
      moods = who.map(() => react);
      // A look, not a jump: a silent panel keeps to small gestures.
      gestures = who.map((): Gesture => (react === 'thinking' ? 'think' : 'stand'));
    } else {
      const speakers = g.said.map((s) => s.who);
      who = [...speakers];
      if (who.length === 1 && book.cast.length > 1 && rng.chance(0.6)) {
        const listener = listenerOf(who[0]!);
        if (rng.chance(0.5)) who.push(listener);
        else who.unshift(listener);
      }
      said = who.map((w) => g.said.find((s) => s.who === w)?.text);
      const heard = g.said.at(-1)!;
      moods = who.map((w, k) =>
        said[k] !== undefined ? expressionOf(said[k]).mood : REACTION[expressionOf(heard.text).mood],
      );
      gestures = who.map((w, k) => (said[k] !== undefined ? expressionOf(said[k]).gesture : 'stand'));
      lastSaid = heard;
    }
    return { scene, who, moods, gestures, lines: said, caption: g.caption, salt };
  });
}
