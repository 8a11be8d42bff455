import { describe, expect, it } from 'vitest';
import { VOD_SHELF_SIZE, VOD_TRIAL_SECONDS } from '../../src/contract';
import { captionPlan, subtitlePlan } from '../../src/server/demo/captions';
import { VOD_TYPE_NAMES } from '../../src/server/demo/names';
import {
  VOD_PRICE,
  VOD_SECONDS,
  VODS_PER_TYPE,
  vodPrice,
  vodTrialSeconds,
  type VodPlan,
} from '../../src/server/demo/plan';
import { EAGER_VODS, demoPlan } from '../../src/server/demo/seed';
import {
  END_CARD_SECONDS,
  LINE_START,
  LINE_STEP,
  lineStyleOf,
  lineTimes,
  vodScript,
} from '../../src/server/demo/vod-story';

/** The demo's videos as the seed plans them. */
const { vods } = demoPlan();
const byType = new Map<number, VodPlan[]>();
for (const v of vods) byType.set(v.typeId, [...(byType.get(v.typeId) ?? []), v]);

describe('demo videos: the plan (issue 29 item 8)', () => {
  it('gives every type at least six videos, a full shelf and full rows of two', () => {
    expect(VODS_PER_TYPE).toBeGreaterThanOrEqual(6);
    expect(VODS_PER_TYPE).toBeGreaterThanOrEqual(VOD_SHELF_SIZE);
    expect(VODS_PER_TYPE % 2).toBe(0);
    expect([...byType.keys()].sort((a, b) => a - b)).toEqual(VOD_TYPE_NAMES.map((_, i) => i + 1));
    for (const list of byType.values()) expect(list.length).toBe(VODS_PER_TYPE);
  });

  it('makes videos of varied lengths from 30 s to 3 minutes, the first of each type at most a minute', () => {
    for (const v of vods) {
      expect(v.seconds).toBeGreaterThanOrEqual(VOD_SECONDS.min);
      expect(v.seconds).toBeLessThanOrEqual(VOD_SECONDS.max);
      expect(Number.isInteger(v.seconds)).toBe(true);
    }
    for (const list of byType.values()) {
      const lengths = list.map((v) => v.seconds);
      // Within a type: short and long ones, no two of the same length.
      expect(new Set(lengths).size).toBe(lengths.length);
      expect(Math.min(...lengths)).toBeLessThanOrEqual(60);
      expect(Math.max(...lengths)).toBeGreaterThanOrEqual(120);
    }
    // Across the catalogue, hardly two alike; the longest band reaches past two and a half minutes.
    expect(new Set(vods.map((v) => v.seconds)).size).toBeGreaterThan(vods.length / 2);
    expect(Math.max(...vods.map((v) => v.seconds))).toBeGreaterThan(150);
    // Made before the first start answers: one of each type, short (a quick first start).
    const eager = vods.slice(0, EAGER_VODS);
    expect(new Set(eager.map((v) => v.typeId)).size).toBe(VOD_TYPE_NAMES.length);
    for (const v of eager) expect(v.seconds).toBeLessThanOrEqual(60);
  });

  it('prices a video by its length: 10 coins for 30 s up to 50 for 3 minutes, never less for longer', () => {
    expect(vodPrice(VOD_SECONDS.min)).toBe(VOD_PRICE.min);
    expect(vodPrice(VOD_SECONDS.max)).toBe(VOD_PRICE.max);
    let last = 0;
    for (let s = VOD_SECONDS.min; s <= VOD_SECONDS.max; s++) {
      const p = vodPrice(s);
      expect(p % 5).toBe(0);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
    expect(vodPrice(60)).toBeLessThan(vodPrice(150));
    for (const v of vods) expect(v.price).toBe(vodPrice(v.seconds));
    for (const list of byType.values()) {
      const sorted = [...list].sort((a, b) => a.seconds - b.seconds);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]!.price).toBeGreaterThanOrEqual(sorted[i - 1]!.price);
      // Not one price for the whole type.
      expect(new Set(list.map((v) => v.price)).size).toBeGreaterThan(2);
    }
  });

  it('keeps the 40 s trial to videos twice as long; a shorter one offers its first half', () => {
    expect(vodTrialSeconds(2 * VOD_TRIAL_SECONDS)).toBeNull();
    expect(vodTrialSeconds(VOD_SECONDS.max)).toBeNull();
    expect(vodTrialSeconds(30)).toBe(15);
    expect(vodTrialSeconds(45)).toBe(20);
    expect(vodTrialSeconds(79)).toBe(35);
    for (let s = VOD_SECONDS.min; s <= VOD_SECONDS.max; s++) {
      const trial = vodTrialSeconds(s) ?? VOD_TRIAL_SECONDS;
      // Buying always gives at least as much again as the trial showed.
      expect(trial).toBeLessThanOrEqual(s / 2);
      expect(trial % 5).toBe(0);
    }
    for (const v of vods) expect(v.trialSeconds).toBe(v.canTry ? vodTrialSeconds(v.seconds) : null);
    // Some videos with the full 40 s trial, some with a shorter one, some with none.
    expect(vods.some((v) => v.canTry && v.trialSeconds === null)).toBe(true);
    expect(vods.some((v) => v.canTry && v.trialSeconds !== null)).toBe(true);
    expect(vods.some((v) => !v.canTry)).toBe(true);
  });
});

describe('demo videos: captions never twice (issue 29 item 9)', () => {
  it('leaves the burnt-in language out of the subtitle tracks', () => {
    expect(subtitlePlan('zh')).toEqual([{ language: 'en', name: 'English', default: false }]);
    expect(subtitlePlan('en', ['zh', 'en'])).toEqual([{ language: 'zh', name: '中文', default: false }]);
    expect(subtitlePlan(null)).toEqual([
      { language: 'zh', name: '中文', default: true },
      { language: 'en', name: 'English', default: false },
    ]);
  });

  it('bubble scenes ship a translation only; narrated ones both languages, Chinese on', () => {
    expect(captionPlan('bubbles')).toEqual({
      burned: 'zh',
      subtitles: [{ language: 'en', name: 'English', default: false }],
    });
    expect(captionPlan('narration').burned).toBeNull();
    expect(captionPlan('narration').subtitles.map((s) => s.language)).toEqual(['zh', 'en']);
    for (const style of ['bubbles', 'narration'] as const) {
      const plan = captionPlan(style);
      expect(plan.subtitles.some((s) => s.language === plan.burned)).toBe(false);
      expect(plan.subtitles.filter((s) => s.default).length).toBeLessThanOrEqual(1);
    }
  });

  it('has types of both kinds: some with two subtitle tracks, some with bubbles', () => {
    const styles = VOD_TYPE_NAMES.map((_, i) => lineStyleOf(i));
    expect(styles).toContain('narration');
    expect(styles).toContain('bubbles');
    // Travel, documentary and food are narrated (a voice over the places and dishes).
    for (const name of ['纪录', '旅行', '美食'] as const)
      expect(lineStyleOf(VOD_TYPE_NAMES.indexOf(name))).toBe('narration');
  });
});

describe('demo videos: when lines are told', () => {
  it('fits its lines between the walk-in and the end card, at least LINE_STEP apart', () => {
    for (const seconds of [30, 31, 47, 60, 95, 180]) {
      for (const available of [1, 4, 18, 100]) {
        const times = lineTimes(seconds, available);
        expect(times.length).toBeGreaterThan(0);
        expect(times.length).toBeLessThanOrEqual(available);
        expect(times[0]!.start).toBe(LINE_START);
        expect(times.at(-1)!.end).toBeLessThanOrEqual(seconds - END_CARD_SECONDS);
        for (let i = 1; i < times.length; i++) {
          expect(times[i]!.start - times[i - 1]!.start).toBeGreaterThanOrEqual(LINE_STEP - 0.05);
          expect(times[i]!.start).toBeGreaterThan(times[i - 1]!.end);
        }
      }
    }
    // A long video with few lines spreads them over its length.
    const spread = lineTimes(180, 10);
    expect(spread).toHaveLength(10);
    expect(spread.at(-1)!.start).toBeGreaterThan(150);
  });

  it('tells each line once, in an order of its own per video', () => {
    for (const v of vods.slice(0, 20)) {
      const script = vodScript(v.name, v.typeId - 1, v.seed);
      expect(new Set(script.lines.map((l) => l[0])).size).toBe(script.lines.length);
      expect(script.lines.length).toBeGreaterThanOrEqual(12);
      expect(script.style).toBe(lineStyleOf(v.typeId - 1));
    }
    const a = vodScript(vods[0]!.name, 0, vods[0]!.seed).lines;
    const b = vodScript(vods[10]!.name, 0, vods[10]!.seed).lines;
    expect(a).not.toEqual(b);
  });
});
