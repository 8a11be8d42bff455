import type { Insertable, Updateable } from 'kysely';
import { PLAYER } from '../../../contract/index.js';
import type {
  AdInput,
  AdPatch,
  BookInput,
  BookPatch,
  ChapterInput,
  ChapterPatch,
  DanmuInput,
  PageInput,
  PlayerAdInput,
  PlayerAdPatch,
  VodInput,
  VodMarkerInput,
  VodPatch,
} from '../../ports/catalogue-store.js';
import type { DB } from '../../db/schema.js';

/** The port's plain data as table rows (snake_case, 0/1 flags, JSON text) and back. */

type Row<T extends keyof DB> = Insertable<DB[T]>;
type Patch<T extends keyof DB> = Updateable<DB[T]>;

const flag = (b: boolean) => (b ? 1 : 0);

/** Keeps only the fields a patch names: an absent field leaves its column alone. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function bookRow(b: BookInput, chapters: number, now: string, searchText: string): Row<'books'> {
  return {
    title: b.title,
    author: b.author,
    cover_hash: b.coverHash,
    hori_cover_hash: b.horiCoverHash,
    publish_status: b.publishStatus,
    recommend: b.recommend ?? 0,
    read_count: b.readCount ?? 0,
    week_read_count: b.weekReadCount ?? 0,
    abstract: b.summary,
    category_id: b.categoryId,
    chapter_count: chapters,
    vip_free: flag(b.vipFree),
    three_d: flag(b.threeD ?? false),
    search_text: searchText,
    created_at: b.createdAt ?? now,
    updated_at: b.updatedAt ?? now,
  };
}

export function bookPatch(p: BookPatch): Patch<'books'> {
  return defined({
    title: p.title,
    author: p.author,
    cover_hash: p.coverHash,
    hori_cover_hash: p.horiCoverHash,
    publish_status: p.publishStatus,
    recommend: p.recommend,
    abstract: p.summary,
    category_id: p.categoryId,
    vip_free: p.vipFree === undefined ? undefined : flag(p.vipFree),
    three_d: p.threeD === undefined ? undefined : flag(p.threeD),
    updated_at: p.updatedAt,
  });
}

export const chapterRow = (bookId: number, c: ChapterInput, now: string): Row<'chapters'> => ({
  book_id: bookId,
  number: c.number,
  title: c.title,
  cover_hash: c.coverHash,
  price: c.price,
  pic_split_count: c.splitCount,
  content: '',
  updated_at: c.updatedAt ?? now,
});

export const chapterPatch = (p: ChapterPatch): Patch<'chapters'> =>
  defined({
    title: p.title,
    cover_hash: p.coverHash,
    price: p.price,
    pic_split_count: p.splitCount,
    updated_at: p.updatedAt,
  });

export const pageRows = (chapterId: number, pages: PageInput[]): Row<'chapter_pages'>[] =>
  pages.map((p, idx) => ({
    chapter_id: chapterId,
    idx,
    width: p.width,
    height: p.height,
    parts: JSON.stringify(p.parts),
  }));

export const vodRow = (v: VodInput, now: string, searchText: string): Row<'vods'> => ({
  type_id: v.typeId,
  name: v.name,
  pic_hash: v.posterHash,
  content: v.summary,
  price: v.price,
  duration: v.duration,
  media_key: v.mediaKey,
  can_try: flag(v.canTry),
  trial_seconds: v.trialSeconds ?? null,
  play_count: v.playCount ?? 0,
  search_text: searchText,
  created_at: v.createdAt ?? now,
});

export const vodPatch = (p: VodPatch): Patch<'vods'> =>
  defined({
    type_id: p.typeId,
    name: p.name,
    pic_hash: p.posterHash,
    content: p.summary,
    price: p.price,
    duration: p.duration,
    media_key: p.mediaKey,
    can_try: p.canTry === undefined ? undefined : flag(p.canTry),
    trial_seconds: p.trialSeconds,
  });

export const markerRows = (vodId: number, markers: VodMarkerInput[]): Row<'vod_markers'>[] =>
  markers.map((m) => ({
    vod_id: vodId,
    offset: m.offset,
    cover_hash: m.coverHash,
    title: m.title,
    describe: m.describe,
  }));

const json = (v: object | null | undefined) => (v ? JSON.stringify(v) : null);

/** Style fields left out are a plain comment's (services/catalogue/vod-danmu.ts plainDanmuStyle). */
export const danmuRows = (vodId: number, danmu: DanmuInput[]): Row<'vod_danmu'>[] =>
  danmu.map((d) => ({
    vod_id: vodId,
    user_id: null,
    mode: d.mode,
    stime: d.stime,
    text: d.text,
    size: d.size,
    color: d.color,
    dur: d.dur ?? PLAYER.commentLifeMs,
    border: flag(d.border ?? false),
    opacity: d.opacity ?? 1,
    font: d.font ?? '',
    shadow: flag(d.shadow ?? true),
    position: json(d.position),
    motion: json(d.motion),
    created_at: d.createdAt,
  }));

export const adRow = (a: AdInput): Row<'ads'> => ({
  position: a.slot,
  jump_type: a.jumpType,
  biz_id: a.bizId,
  url: a.url,
  img_hash: a.imageHash,
  title: a.title,
  sort: a.sort,
});

export const adPatch = (p: AdPatch): Patch<'ads'> =>
  defined({
    position: p.slot,
    jump_type: p.jumpType,
    biz_id: p.bizId,
    url: p.url,
    img_hash: p.imageHash,
    title: p.title,
    sort: p.sort,
  });

export const playerAdRow = (a: PlayerAdInput): Row<'player_ads'> => ({
  kind: a.kind,
  img_hash: a.kind === 'start' ? a.imageHash : null,
  media_key: a.kind === 'video' ? a.mediaKey : null,
  url: a.url,
  duration: a.duration,
  title: a.title,
  sort: a.sort,
});

export const playerAdPatch = (p: PlayerAdPatch): Patch<'player_ads'> =>
  defined({ url: p.url, duration: p.duration, title: p.title, sort: p.sort });
