import type { Kysely, Selectable } from 'kysely';
import {
  DANMU_POST_RATE,
  DANMU_WATCH_LIMIT,
  DanmuMotion,
  DanmuPosition,
  PLAYER,
  type DanmuPostBody,
  type VodDanmu,
} from '../../../contract/index.js';
import { readJsonColumn } from '../../db/json-column.js';
import { nowIso } from '../../db/portable.js';
import type { DB, VodDanmuTable } from '../../db/schema.js';
import type { Config } from '../../config.js';
import { vodAccess } from '../access.js';
import { recordAttempt, throttleKey } from '../throttle.js';
import { offersTrial, trialSecondsOf } from './trial.js';

type Row = Selectable<VodDanmuTable>;

/** A plain comment's style columns (§3 defaults): everything but mode, time, text, size and colour. */
export const plainDanmuStyle = (createdAt: string) => ({
  dur: PLAYER.commentLifeMs,
  border: 0,
  opacity: 1,
  font: '',
  shadow: 1,
  position: null,
  motion: null,
  created_at: createdAt,
});

export function toVodDanmu(r: Row): VodDanmu {
  return {
    id: r.id,
    mode: r.mode,
    stime: Number(r.stime),
    text: r.text,
    size: r.size,
    color: r.color,
    dur: r.dur,
    border: r.border === 1,
    opacity: Number(r.opacity),
    font: r.font,
    shadow: r.shadow === 1,
    position: readJsonColumn(r.position, DanmuPosition),
    motion: readJsonColumn(r.motion, DanmuMotion),
  };
}

/** The newest DANMU_WATCH_LIMIT comments of a video, ordered by stime (then by age). */
export async function vodDanmuList(db: Kysely<DB>, vodId: number): Promise<VodDanmu[]> {
  const rows = await db
    .selectFrom('vod_danmu')
    .selectAll()
    .where('vod_id', '=', vodId)
    .orderBy('id', 'desc')
    .limit(DANMU_WATCH_LIMIT)
    .execute();
  return rows.map(toVodDanmu).sort((a, b) => a.stime - b.stime || a.id - b.id);
}

export type DanmuPostOutcome =
  { kind: 'ok'; danmu: VodDanmu } | { kind: 'notFound' } | { kind: 'forbidden' } | { kind: 'throttled' };

/**
 * A viewer's comment. Object-level check: the caller must be able to watch the video — bought (or
 * free), or on a trial the video allows, and then only within the trial's first seconds, which is
 * all a trial playlist holds. Counts against the account's rate only once the post is acceptable.
 */
export async function postVodDanmu(
  db: Kysely<DB>,
  config: Pick<Config, 'vodTrialSeconds'>,
  userId: number,
  body: DanmuPostBody,
): Promise<DanmuPostOutcome> {
  const vod = await db
    .selectFrom('vods')
    .select(['id', 'price', 'can_try', 'trial_seconds', 'duration'])
    .where('id', '=', body.vodId)
    .executeTakeFirst();
  if (!vod) return { kind: 'notFound' };
  const access = await vodAccess(db, userId, vod);
  const trial = access === 'locked';
  if (trial && !offersTrial(vod)) return { kind: 'forbidden' };
  const duration = Number(vod.duration);
  const end = (trial ? Math.min(trialSecondsOf(vod, config), duration) : duration) * 1000;
  if (body.stime > Math.ceil(end)) return { kind: 'forbidden' };

  const key = throttleKey('danmu', String(userId));
  if ((await recordAttempt(db, key, DANMU_POST_RATE)) > DANMU_POST_RATE.limit) return { kind: 'throttled' };

  const row = await db
    .insertInto('vod_danmu')
    .values({
      vod_id: vod.id,
      user_id: userId,
      mode: body.mode,
      stime: body.stime,
      text: body.text,
      size: body.size,
      color: body.color,
      ...plainDanmuStyle(nowIso()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { kind: 'ok', danmu: toVodDanmu(row) };
}
