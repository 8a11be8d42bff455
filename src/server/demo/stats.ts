import type { BookPlan } from './plan.js';
import { createRng } from './rng.js';

/**
 * The demo books' dates and read counts, as in a service that has run for years: finished classics
 * came out long ago, hold the most reads overall and are read a little each week; serials get a chapter
 * every few days, some gaining readers, some losing them. Each book draws from its own generator, so the
 * shared one of plan.ts (and all drawn after it: names, videos, pages) is unchanged.
 *
 * A few books then get the part a live catalogue always has someone in — the old classic, the breakout
 * serial of the week, the serial readers have stayed with, the newest launch, the chapter out an hour
 * ago — so each list opens on a book of its own, whatever the titles and statuses plan.ts drew.
 */

export type BookStats = Pick<BookPlan, 'createdDaysAgo' | 'updatedHoursAgo' | 'readCount' | 'weekReadCount'>;
type Planned = Pick<BookPlan, 'seed' | 'publish' | 'chapters'>;

/** A new serial opens with a batch of chapters on its first day, as the platforms do. */
export const LAUNCH_CHAPTERS = 8;
/** 人气 counts a book as at least this old (services/catalogue/books.ts POPULAR_MIN_DAYS). */
const POPULAR_MIN_DAYS = 30;

/** The stats of one book, drawn from its own generator. */
export function drawBookStats(b: Planned): BookStats {
  const r = createRng(0x5eed_0000 + b.seed * 7_919);
  // How strongly readers take to the book: many modest ones, a few hits.
  const appeal = 0.15 + r.next() ** 2.5 * 3;
  const jitter = () => 0.7 + r.next() * 0.6;
  if (b.publish === 'finish') {
    const createdDaysAgo = r.int(250, 1_200);
    // Finished some months after it came out, its last chapter weeks to a year ago.
    const finishedDaysAgo = r.int(12, Math.min(createdDaysAgo - 150, 400));
    const readCount = Math.round(createdDaysAgo * 700 * appeal * jitter());
    return {
      createdDaysAgo,
      updatedHoursAgo: finishedDaysAgo * 24 + r.int(0, 23),
      readCount,
      weekReadCount: Math.round(readCount * (0.001 + r.next() * 0.004)),
    };
  }
  // Serials of every age, young ones more often; the youngest has had a chapter a day since its launch.
  const createdDaysAgo = minSerialDays(b) + Math.floor(r.next() ** 1.7 * 400);
  // The last chapter within the week.
  const updatedHoursAgo = r.int(2, 24 * 6 + 20);
  const dailyReads = 900 * appeal * (createdDaysAgo < 45 ? 2 : 1) * jitter();
  const readCount = Math.round(createdDaysAgo * dailyReads) + r.int(300, 3_000);
  // This week against the book's average: readers gained or lost.
  const trend = 0.3 + r.next() * 1.7;
  return {
    createdDaysAgo,
    updatedHoursAgo,
    readCount,
    weekReadCount: Math.min(readCount, Math.round(Math.min(createdDaysAgo, 7) * dailyReads * trend)),
  };
}

const minSerialDays = (b: Pick<BookPlan, 'chapters'>) => Math.max(1, b.chapters - LAUNCH_CHAPTERS + 1);
const popularity = (s: BookStats) => s.readCount / Math.max(POPULAR_MIN_DAYS, s.createdDaysAgo);
const maxOf = (xs: BookStats[], f: (s: BookStats) => number) => Math.max(0, ...xs.map(f));

/** The plans with their stats in place of the flat draws plan.ts kept for the shared generator. */
export function withDemoStats<B extends BookPlan>(books: B[]): B[] {
  const stats = books.map(drawBookStats);
  const serials = books.flatMap((b, i) => (b.publish === 'serialize' ? [i] : []));
  const finished = books.flatMap((b, i) => (b.publish === 'finish' ? [i] : []));
  if (serials.length >= 5 && finished.length >= 1) castParts(books, stats, serials, finished[0]!);
  return books.map((b, i) => ({ ...b, ...stats[i]! }));
}

function castParts(books: BookPlan[], stats: BookStats[], serials: number[], classic: number) {
  const [breakout, steady, newest, justOut, dayLead] = serials as [number, number, number, number, number];
  const others = (...not: number[]) => stats.filter((_, i) => !not.includes(i));

  // The newest launch (最新上架's first): out days ago, a few reads, last chapter yesterday.
  const n = stats[newest]!;
  n.createdDaysAgo = minSerialDays(books[newest]!);
  n.updatedHoursAgo = 30;
  n.readCount = Math.min(n.readCount, 9_000);
  n.weekReadCount = Math.min(n.weekReadCount, 4_000);
  for (const [i, s] of stats.entries())
    if (i !== newest) s.createdDaysAgo = Math.max(s.createdDaysAgo, n.createdDaysAgo + 1 + (i % 5));

  // The breakout serial of the week (周榜's first): a few weeks old, read more this week than any other.
  const b = stats[breakout]!;
  b.createdDaysAgo = Math.max(b.createdDaysAgo % 20, minSerialDays(books[breakout]!)) + n.createdDaysAgo;
  b.updatedHoursAgo = 50;
  b.weekReadCount = Math.round(maxOf(others(breakout), (s) => s.weekReadCount) * 1.3);
  b.readCount = Math.round((b.weekReadCount / 7) * b.createdDaysAgo * 0.7);

  // The serial readers have stayed with (人气's first): the most reads a day over its months.
  const s = stats[steady]!;
  s.createdDaysAgo = Math.max(s.createdDaysAgo, 200);
  s.updatedHoursAgo = 40;
  s.readCount = Math.round(maxOf(others(steady), popularity) * 1.2 * s.createdDaysAgo);
  s.weekReadCount = Math.min(Math.round(popularity(s) * 7 * 0.8), Math.round(b.weekReadCount * 0.8));

  // The classic (总榜's first): out years ago, finished, the most reads of all, a few a week now.
  const c = stats[classic]!;
  c.createdDaysAgo = 1_150;
  c.readCount = Math.round(maxOf(others(classic), (x) => x.readCount) * 1.2);
  c.weekReadCount = Math.round(c.readCount * 0.0015);

  // 最近更新's first: a chapter out an hour ago of a modest serial; the update list's first is the most
  // read of the last day's other updates.
  for (const x of stats) if (x.updatedHoursAgo < 2) x.updatedHoursAgo = 2;
  stats[justOut]!.updatedHoursAgo = 1;
  const d = stats[dayLead]!;
  d.updatedHoursAgo = 6;
  const lastDay = others(dayLead, justOut, newest, breakout, steady).filter((x) => x.updatedHoursAgo < 24);
  d.readCount = Math.max(d.readCount, Math.round(maxOf(lastDay, (x) => x.readCount) * 1.1));
  const j = stats[justOut]!;
  j.readCount = Math.min(j.readCount, Math.round(d.readCount * 0.5));
  j.weekReadCount = Math.min(j.weekReadCount, j.readCount);
  // Read counts stay under the classic's and 人气 under the steady serial's.
  d.readCount = Math.min(d.readCount, Math.round(c.readCount * 0.9));
  if (popularity(d) >= popularity(s))
    d.readCount = Math.floor(popularity(s) * 0.9 * Math.max(POPULAR_MIN_DAYS, d.createdDaysAgo));
  d.weekReadCount = Math.min(d.weekReadCount, Math.round(b.weekReadCount * 0.8));
}

/**
 * When chapter `number` came out, in hours before now: the launch batch on the publication day, the
 * rest evenly until the last update (a finished book's last chapter is when it finished).
 */
export function chapterHoursAgo(
  b: Pick<BookPlan, 'chapters' | 'createdDaysAgo' | 'updatedHoursAgo'>,
  number: number,
) {
  const first = b.createdDaysAgo * 24;
  const launch = Math.min(LAUNCH_CHAPTERS, b.chapters - 1);
  if (number <= launch) return first - (number - 1) / 60;
  const step = (first - b.updatedHoursAgo) / (b.chapters - launch);
  return b.updatedHoursAgo + (b.chapters - number) * step;
}
