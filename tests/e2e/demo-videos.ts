import { randomBytes } from 'node:crypto';
import {
  Api,
  BIND_MOBILE_REWARD,
  VOD_TRIAL_SECONDS,
  type Envelope,
  type Vod,
  type VodBrief,
  type VodList,
} from '../../src/contract';
import { phoneAddress } from '../bench/phone';
import { baseUrl } from './helpers';

/**
 * The demo videos a test needs, found through the API as a visitor meets them. They differ in length
 * (30 s to 3 min), price (by length), trial (a video shorter than twice the 40 s trial offers its first
 * half) and subtitle tracks (server/demo/plan.ts, captions.ts).
 */

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  const body = (await res.json()) as Envelope<T>;
  if (!body.result) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Every video, newest first (all pages of the list of all types). */
export async function allVods(): Promise<VodBrief[]> {
  const first = await getJson<VodList>('/api/vod/page/0/1');
  const out = [...first.list];
  for (let p = 2; p <= first.totalPage; p++)
    out.push(...(await getJson<VodList>(`/api/vod/page/0/${p}`)).list);
  return out;
}

/**
 * Paid videos a new visitor can buy with the bind-mobile reward whose trial is the full 40 s: at least
 * twice as long, so a test can play and seek past the trial's end once bought. Newest first; a few
 * allow no trial (tests open them in turn).
 */
export async function fullTrialVideos(): Promise<VodBrief[]> {
  return (await allVods()).filter(
    (v) =>
      v.vodPointsPlay > 0 && v.vodPointsPlay <= BIND_MOBILE_REWARD && v.vodDuration >= 2 * VOD_TRIAL_SECONDS,
  );
}

export interface SubtitleTrackInfo {
  language: string;
  /** On when the video starts. */
  default: boolean;
}

/** The subtitle tracks a play URL's master playlist lists. */
export async function subtitleTracks(playUrl: string): Promise<SubtitleTrackInfo[]> {
  const master = await (await fetch(`${baseUrl()}${playUrl}`)).text();
  return [...master.matchAll(/^#EXT-X-MEDIA:TYPE=SUBTITLES,.*$/gm)].map((m) => ({
    language: /LANGUAGE="([^"]*)"/.exec(m[0])?.[1] ?? '',
    default: /DEFAULT=YES/.test(m[0]),
  }));
}

/** A call as a new visitor of its own address would make it (the server limits sign-ups per address). */
async function post<T>(path: string, body: Record<string, string>, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      'x-forwarded-for': visitorAddress,
      'x-trace-id': `trace-${randomBytes(6).toString('hex')}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (!answer.result) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}
const visitorAddress = phoneAddress();

/** The first of `candidates` a new visitor (registered through the API) gets a trial of. */
export async function firstWithTrial(candidates: readonly VodBrief[]): Promise<VodBrief> {
  const { token } = await post<{ token: string }>(Api.register, {});
  for (const c of candidates) {
    const v = await post<Vod>(Api.vodWatch, { vodId: String(c.vodId) }, token);
    if (v.canTryWatch) return c;
  }
  throw new Error('no video with a trial');
}
