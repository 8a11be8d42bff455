import { sql, type Kysely } from 'kysely';
import {
  COVER_SIZE,
  GUESS_LIKE_SIZE,
  VOD_PAGE_SIZE,
  VOD_SHELF_SIZE,
  imageUrl,
  type Vod,
  type VodIndexData,
  type VodInfo,
  type VodList,
} from '../../../contract/index.js';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { shanghaiDay } from '../shanghai-day.js';
import { pruneOncePerDay } from './day-marks.js';
import { vodPlayUrl } from './vod-urls.js';
import { offersTrial, trialPlayUrl, trialSecondsOf, withinTrial } from './trial.js';
import { userIsVip, vodAccess } from '../access.js';
import { offsetOf, totalPages } from './paging.js';
import { playerAdsFor } from './player-ads.js';
import { vodDanmuList } from './vod-danmu.js';
import { VOD_BRIEF_COLUMNS, VOD_INFO_COLUMNS, toVodBrief, toVodInfo } from './vod-rows.js';

/** Video home: one shelf of the newest videos per type that has any, in type order. */
export async function vodIndex(db: Kysely<DB>): Promise<VodIndexData> {
  const types = await db
    .selectFrom('vod_types')
    .select(['id', 'name'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const shelves = await Promise.all(
    types.map(async (t) => ({
      typeId: t.id,
      typeName: t.name,
      vods: (
        await db
          .selectFrom('vods')
          .select(VOD_BRIEF_COLUMNS)
          .where('type_id', '=', t.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(VOD_SHELF_SIZE)
          .execute()
      ).map(toVodBrief),
    })),
  );
  return shelves.filter((s) => s.vods.length > 0);
}

/** Videos of one type (0: all), newest first. */
export async function vodPage(db: Kysely<DB>, typeId: number, page: number): Promise<VodList> {
  let rows = db.selectFrom('vods').select(VOD_BRIEF_COLUMNS);
  let count = db.selectFrom('vods').select((eb) => eb.fn.countAll<number>().as('n'));
  if (typeId) {
    rows = rows.where('type_id', '=', typeId);
    count = count.where('type_id', '=', typeId);
  }
  const [list, n] = await Promise.all([
    rows
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(VOD_PAGE_SIZE)
      .offset(offsetOf(page, VOD_PAGE_SIZE))
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { list: list.map(toVodBrief), totalPage: totalPages(Number(n.n), VOD_PAGE_SIZE) };
}

/**
 * A fresh full-video URL (POST /api/vod/play_url): the player renews its short-lived signed URL with
 * it. Only for a caller who may watch the whole video; 'locked' otherwise.
 */
export async function vodFullPlayUrl(
  ctx: { db: Kysely<DB>; config: Pick<Config, 'paySecret' | 'mediaUrlTtlS'> },
  userId: number,
  vodId: number,
): Promise<string | 'notFound' | 'locked'> {
  const vod = await ctx.db
    .selectFrom('vods')
    .select(['id', 'price', 'media_key'])
    .where('id', '=', vodId)
    .executeTakeFirst();
  if (!vod) return 'notFound';
  if ((await vodAccess(ctx.db, userId, vod)) === 'locked') return 'locked';
  return vodPlayUrl(ctx, { vodId, mediaKey: vod.media_key, userId });
}

/** A video's public facts (no access, play URL or count): null when there is no such video. */
export async function vodInfo(db: Kysely<DB>, vodId: number): Promise<VodInfo | null> {
  const vod = await db.selectFrom('vods').select(VOD_INFO_COLUMNS).where('id', '=', vodId).executeTakeFirst();
  return vod ? toVodInfo(vod) : null;
}

const pruneWatchMarks = pruneOncePerDay('watch_marks');

/** A play counts once per user, video and day: repeated watch calls cannot push a video up 猜你喜欢. */
async function countPlay(db: Kysely<DB>, userId: number, vodId: number, now: Date) {
  const day = shanghaiDay(now);
  await db.transaction().execute(async (trx) => {
    const mark = await trx
      .insertInto('watch_marks')
      .values({ day, vod_id: vodId, user_id: userId })
      .onConflict((oc) => oc.columns(['day', 'vod_id', 'user_id']).doNothing())
      .returning('day')
      .executeTakeFirst();
    // On conflict nothing is inserted and nothing returned: already counted today.
    if (mark === undefined) return;
    await trx
      .updateTable('vods')
      .set({ play_count: sql`play_count + 1` })
      .where('id', '=', vodId)
      .execute();
  });
  await pruneWatchMarks(db, day);
}

/**
 * The video for the caller: the full playlist when bought (or free), else the trial playlist with
 * the trial length, and its recommendations; null when there is no such video. Counts a play (once per
 * user, video and day).
 */
export async function vodWatch(
  ctx: { db: Kysely<DB>; config: Pick<Config, 'paySecret' | 'mediaUrlTtlS' | 'vodTrialSeconds'> },
  userId: number,
  vodId: number,
  now: Date,
): Promise<Vod | null> {
  const { db } = ctx;
  const vod = await db
    .selectFrom('vods')
    .select([...VOD_INFO_COLUMNS, 'media_key', 'can_try', 'trial_seconds'])
    .where('id', '=', vodId)
    .executeTakeFirst();
  if (!vod) return null;
  const [access, vip, markers, guess] = await Promise.all([
    vodAccess(db, userId, vod),
    userIsVip(db, userId, now),
    db
      .selectFrom('vod_markers')
      .select(['offset', 'cover_hash', 'title', 'describe'])
      .where('vod_id', '=', vodId)
      .orderBy('offset')
      .execute(),
    // 更多精彩推荐: the most played of the same type, then of the others, so the grid under the video
    // stays full (GUESS_LIKE_SIZE, an even count for its two columns) when the type has fewer.
    db
      .selectFrom('vods')
      .select(VOD_BRIEF_COLUMNS)
      .where('id', '!=', vodId)
      .orderBy(sql`case when type_id = ${vod.type_id} then 0 else 1 end`)
      .orderBy('play_count', 'desc')
      .orderBy('id', 'desc')
      .limit(GUESS_LIKE_SIZE)
      .execute(),
  ]);
  await countPlay(db, userId, vodId, now);
  const full = access !== 'locked';
  const canTryWatch = !full && offersTrial(vod);
  const trialSeconds = trialSecondsOf(vod, ctx.config);
  const playerAds = await playerAdsFor(db, { vip, access, canTry: canTryWatch });
  // A trial playlist holds only the first seconds: so do its comments.
  const danmuList = (await vodDanmuList(db, vodId)).filter((d) => full || withinTrial(d.stime, trialSeconds));
  return {
    ...toVodInfo(vod),
    // No player without access or a trial: no playlist either (the media route refuses it too).
    vodPlayUrl: full
      ? vodPlayUrl(ctx, { vodId, mediaKey: vod.media_key, userId })
      : canTryWatch
        ? trialPlayUrl(vod.media_key, trialSeconds)
        : '',
    // A free video plays like a bought one: the app shows the full player exactly when bought is true.
    bought: full,
    canTryWatch,
    trialSeconds: full ? 0 : trialSeconds,
    markers: markers.map((m) => ({
      offset: Number(m.offset),
      coverUrl: imageUrl(m.cover_hash, COVER_SIZE),
      title: m.title,
      describe: m.describe,
    })),
    danmuList,
    guessLikeList: guess.map(toVodBrief),
    playerAds,
  };
}
