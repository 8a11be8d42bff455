import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/schema.js';
import { searchText } from '../../../src/server/db/search-text.js';

/** A deterministic fake image hash (64 hex): rows need hashes, tests need no real pictures. */
export const fakeHash = (label: string) => createHash('sha256').update(label).digest('hex');

export interface FixtureChapter {
  id: number;
  number: number;
  price: number;
}
export interface FixtureBook {
  id: number;
  title: string;
  author: string;
  categoryId: number;
  publishStatus: 'serialize' | 'finish';
  vipFree: boolean;
  threeD: boolean;
  picSplitCount: number;
  pagesPerChapter: number;
  readCount: number;
  weekReadCount: number;
  chapters: FixtureChapter[];
}
export interface FixtureVod {
  id: number;
  name: string;
  typeId: number;
  price: number;
  mediaKey: string;
  canTry: boolean;
}
export interface FixtureCatalogue {
  categories: { id: number; name: string }[];
  /** All books, main ones first, then the extra ones. */
  books: FixtureBook[];
  /** Named main books. */
  vipFreeBook: FixtureBook;
  threeDBook: FixtureBook;
  finishedBook: FixtureBook;
  latinBook: FixtureBook;
  vodTypes: { id: number; name: string }[];
  vods: FixtureVod[];
  adIds: number[];
  hotWords: string[];
}

export interface FixtureOptions {
  /** Extra plain books (no chapters) spread over the categories, for paging tests. */
  extraBooks?: number;
  /** Extra videos named "片段 Clip n", for search paging tests. */
  extraVods?: number;
  /** Chapters per main book (first 2 free). */
  chaptersPerBook?: number;
}

/** Prices of chapters 3… of the main books: 10, 15, 20, … */
export const fixtureChapterPrice = (number: number) => (number <= 2 ? 0 : 10 + (number - 3) * 5);

interface MainBookSpec {
  title: string;
  author: string;
  category: number;
  publish: 'serialize' | 'finish';
  vipFree: boolean;
  threeD: boolean;
  split: number;
  read: number;
  week: number;
}

const MAIN_BOOKS: MainBookSpec[] = [
  {
    title: '星辰之海',
    author: '林夕',
    category: 0,
    publish: 'serialize',
    vipFree: true,
    threeD: false,
    split: 2,
    read: 500,
    week: 5,
  },
  {
    title: 'Dragon Valley',
    author: 'Mira Stone',
    category: 1,
    publish: 'finish',
    vipFree: false,
    threeD: true,
    split: 3,
    read: 300,
    week: 90,
  },
  {
    title: '海边小镇',
    author: '陈一',
    category: 0,
    publish: 'finish',
    vipFree: false,
    threeD: false,
    split: 1,
    read: 100,
    week: 40,
  },
  {
    title: 'Lost Star 星',
    author: '周末',
    category: 2,
    publish: 'serialize',
    vipFree: false,
    threeD: false,
    split: 1,
    read: 50,
    week: 60,
  },
];

/**
 * Inserts a small catalogue (3 categories, 4 main books with chapters and pages, 3 video types,
 * 4 videos with markers, ads of every jump type, hot words) without real images.
 */
export async function insertFixtureCatalogue(
  db: Kysely<DB>,
  opts: FixtureOptions = {},
): Promise<FixtureCatalogue> {
  const chaptersPerBook = opts.chaptersPerBook ?? 5;
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

  return db.transaction().execute(async (trx) => {
    const categoryNames = ['冒险', '喜剧', '校园'];
    const categories: { id: number; name: string }[] = [];
    for (const [i, name] of categoryNames.entries()) {
      const row = await trx
        .insertInto('categories')
        .values({ name, sort: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      categories.push({ id: row.id, name });
    }

    const books: FixtureBook[] = [];
    for (const [i, s] of MAIN_BOOKS.entries()) {
      const categoryId = categories[s.category]!.id;
      const row = await trx
        .insertInto('books')
        .values({
          title: s.title,
          author: s.author,
          cover_hash: fakeHash(`cover-${i}`),
          hori_cover_hash: fakeHash(`hori-${i}`),
          publish_status: s.publish,
          recommend: 9 - i * 0.5,
          read_count: s.read,
          week_read_count: s.week,
          abstract: `${s.title}的故事简介。`,
          category_id: categoryId,
          chapter_count: chaptersPerBook,
          vip_free: s.vipFree ? 1 : 0,
          three_d: s.threeD ? 1 : 0,
          search_text: searchText(s.title, s.author),
          // Main book 0 is the newest and the most recently updated.
          created_at: at(10_000 - i),
          updated_at: at(20_000 - i),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const chapters: FixtureChapter[] = [];
      for (let n = 1; n <= chaptersPerBook; n++) {
        const price = fixtureChapterPrice(n);
        const ch = await trx
          .insertInto('chapters')
          .values({
            book_id: row.id,
            number: n,
            title: `第${n}话`,
            cover_hash: fakeHash(`chcover-${i}-${n}`),
            price,
            pic_split_count: s.split,
            content: '',
            updated_at: at(n),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        chapters.push({ id: ch.id, number: n, price });
        await trx
          .insertInto('chapter_pages')
          .values(
            [0, 1, 2].map((idx) => ({
              chapter_id: ch.id,
              idx,
              width: 800,
              height: 1000 + idx * 100,
              parts: JSON.stringify(
                Array.from({ length: s.split }, (_, p) => fakeHash(`page-${i}-${n}-${idx}-${p}`)),
              ),
            })),
          )
          .execute();
      }
      books.push({
        id: row.id,
        title: s.title,
        author: s.author,
        categoryId,
        publishStatus: s.publish,
        vipFree: s.vipFree,
        threeD: s.threeD,
        picSplitCount: s.split,
        pagesPerChapter: 3,
        readCount: s.read,
        weekReadCount: s.week,
        chapters,
      });
    }

    for (let i = 0; i < (opts.extraBooks ?? 0); i++) {
      const category = categories[i % categories.length]!;
      const title = `测试书${i + 1}`;
      const publishStatus = i % 2 === 0 ? 'serialize' : 'finish';
      const row = await trx
        .insertInto('books')
        .values({
          title,
          author: '测试作者',
          cover_hash: fakeHash(`xcover-${i}`),
          hori_cover_hash: fakeHash(`xhori-${i}`),
          publish_status: publishStatus,
          recommend: 5,
          read_count: i,
          week_read_count: i % 7,
          abstract: '',
          category_id: category.id,
          chapter_count: 0,
          vip_free: 0,
          three_d: 0,
          search_text: searchText(title, '测试作者'),
          created_at: at(i),
          updated_at: at(i),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      books.push({
        id: row.id,
        title,
        author: '测试作者',
        categoryId: category.id,
        publishStatus,
        vipFree: false,
        threeD: false,
        picSplitCount: 1,
        pagesPerChapter: 0,
        readCount: i,
        weekReadCount: i % 7,
        chapters: [],
      });
    }

    const [vipFreeBook, threeDBook, finishedBook, latinBook] = books as [
      FixtureBook,
      FixtureBook,
      FixtureBook,
      FixtureBook,
    ];
    await trx
      .insertInto('showcase_items')
      .values([
        { type: 'e_recommend', book_id: finishedBook.id, sort: 0 },
        { type: 'e_recommend', book_id: vipFreeBook.id, sort: 1 },
        { type: 'kkbg', book_id: latinBook.id, sort: 0 },
        { type: 'new_on', book_id: threeDBook.id, sort: 0 },
      ])
      .execute();

    const adValues = [
      { position: 'home', jump_type: -1, biz_id: 0, url: 'https://example.com/a', title: '广告一' },
      { position: 'home', jump_type: -2, biz_id: 0, url: 'https://example.com/b', title: '广告二' },
      { position: 'home', jump_type: 2, biz_id: vipFreeBook.id, url: '', title: '广告三' },
      { position: 'home', jump_type: 3, biz_id: 0, url: '', title: '广告四' },
      { position: 'list', jump_type: 2, biz_id: threeDBook.id, url: '', title: '列表广告' },
      { position: 'vod', jump_type: 3, biz_id: 0, url: '', title: '视频广告' },
    ];
    const adIds: number[] = [];
    for (const [i, ad] of adValues.entries()) {
      const row = await trx
        .insertInto('ads')
        .values({ ...ad, img_hash: fakeHash(`ad-${i}`), sort: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      adIds.push(row.id);
    }

    const hotWords = ['星辰', '海边', 'Dragon'];
    await trx
      .insertInto('hot_words')
      .values(hotWords.map((word, sort) => ({ word, sort })))
      .execute();

    const vodTypes = [
      { id: 1, name: '每日推荐' },
      { id: 2, name: '动画' },
      { id: 3, name: '纪录' },
    ];
    await trx
      .insertInto('vod_types')
      .values(vodTypes.map((t, sort) => ({ ...t, sort })))
      .execute();

    const vodSpecs = [
      { name: '海上日出', typeId: 1, price: 20, canTry: true },
      { name: '山间小路', typeId: 1, price: 30, canTry: true },
      { name: 'Ocean Life', typeId: 2, price: 25, canTry: false },
      { name: '城市夜景', typeId: 3, price: 15, canTry: true },
      ...Array.from({ length: opts.extraVods ?? 0 }, (_, i) => ({
        name: `片段 Clip ${i + 1}`,
        typeId: 1 + (i % 3),
        price: 10,
        canTry: true,
      })),
    ];
    const vods: FixtureVod[] = [];
    for (const [i, v] of vodSpecs.entries()) {
      const mediaKey = `fixture-${i}`;
      const row = await trx
        .insertInto('vods')
        .values({
          type_id: v.typeId,
          name: v.name,
          pic_hash: fakeHash(`vodpic-${i}`),
          content: `${v.name}的介绍`,
          price: v.price,
          duration: 120,
          media_key: mediaKey,
          can_try: v.canTry ? 1 : 0,
          play_count: 0,
          search_text: searchText(v.name),
          created_at: at(i),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      vods.push({ id: row.id, name: v.name, typeId: v.typeId, price: v.price, mediaKey, canTry: v.canTry });
    }
    await trx
      .insertInto('vod_markers')
      .values([
        {
          vod_id: vods[0]!.id,
          offset: 10,
          cover_hash: fakeHash('marker-0'),
          title: '开场',
          describe: '日出之前',
        },
        {
          vod_id: vods[0]!.id,
          offset: 60,
          cover_hash: fakeHash('marker-1'),
          title: '高潮',
          describe: '太阳升起',
        },
      ])
      .execute();

    return {
      categories,
      books,
      vipFreeBook,
      threeDBook,
      finishedBook,
      latinBook,
      vodTypes,
      vods,
      adIds,
      hotWords,
    };
  });
}
