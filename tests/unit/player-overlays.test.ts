import { describe, expect, it } from 'vitest';
import { playerLang, playerText } from '../../src/contract/messages/player';
import { clampTarget, previewActive, previewText } from '../../src/app/features/player/preview';
import {
  AUTOPLAY_KEY,
  parseAutoplaySetting,
  readAutoplaySetting,
  writeAutoplaySetting,
} from '../../src/app/features/player/autoplay-setting';
import {
  defaultQuality,
  levelForHeight,
  qualityOptions,
  qualitySwitch,
  switchDone,
} from '../../src/app/features/player/quality';
import {
  formatTime,
  keepsPosition,
  resumeAction,
  resumePromptVisible,
} from '../../src/app/features/player/resume';

describe('player language', () => {
  it('is English only for en-us, Chinese otherwise', () => {
    expect(playerLang('en-US')).toBe('en-us');
    expect(playerLang('en-GB')).toBe('zh-cn');
    expect(playerLang('zh-CN')).toBe('zh-cn');
    expect(playerLang(undefined)).toBe('zh-cn');
    expect(playerText('en-us').previewOver).toBe('Preview is over');
    expect(playerText('zh-cn').previewOver).toBe('试看已结束');
    expect(playerText('en-us').autoplayLimited).toBe('Your browser limits autoplay');
    expect(playerText('en-us').pleaseClick).toBe('Please Click');
    // The 自动播放 setting and the switching modal's auto follow the player language too.
    expect(playerText('en-us').autoplaySetting).toBe('Autoplay');
    expect(playerText('zh-cn').autoplaySetting).toBe('自动播放');
    expect([playerText('en-us').on, playerText('zh-cn').on]).toEqual(['On', '开启']);
    expect([playerText('en-us').auto, playerText('zh-cn').auto]).toEqual(['Auto', '自动']);
  });
});

describe('preview', () => {
  it('is invalid when its length is at least the duration, and off at 0', () => {
    expect(previewActive(40, 60)).toBe(true);
    expect(previewActive(60, 60)).toBe(false);
    expect(previewActive(90, 60)).toBe(false);
    expect(previewActive(0, 60)).toBe(false);
    // Duration not known yet (before metadata): the limit already applies.
    expect(previewActive(40, NaN)).toBe(true);
  });

  it('sends playback back to the limit only past it', () => {
    expect(clampTarget(39.9, 40, 60)).toBeNull();
    expect(clampTarget(40, 40, 60)).toBeNull();
    expect(clampTarget(40.01, 40, 60)).toBe(40);
    expect(clampTarget(55, 40, 60)).toBe(40);
    expect(clampTarget(55, 0, 60)).toBeNull();
    expect(clampTarget(55, 60, 60)).toBeNull();
  });

  it('says seconds under 60 and minutes from 60 on', () => {
    expect(previewText(40, 'zh-cn')).toBe('试看40秒');
    expect(previewText(59, 'en-us')).toBe('Try 59 seconds');
    expect(previewText(60, 'zh-cn')).toBe('试看1分钟');
    expect(previewText(90, 'en-us')).toBe('Try 1.5 minutes');
    expect(previewText(300, 'en-us')).toBe('Try 5 minutes');
  });
});

describe('resume prompt', () => {
  it('shows for a saved nonzero position, hidden when it equals the duration', () => {
    expect(resumePromptVisible(0, 60)).toBe(false);
    expect(resumePromptVisible(12.5, 60)).toBe(true);
    expect(resumePromptVisible(60, 60)).toBe(false);
    expect(resumePromptVisible(60.4, 60.2)).toBe(false);
    expect(resumePromptVisible(59.2, 60)).toBe(true);
    expect(resumePromptVisible(10, NaN)).toBe(true);
  });

  it('seeks with autoplay-resume, prompts otherwise, does nothing without a position', () => {
    expect(resumeAction(0, 60, false)).toBe('none');
    expect(resumeAction(0, 60, true)).toBe('none');
    expect(resumeAction(30, 60, true)).toBe('seek');
    expect(resumeAction(30, 60, false)).toBe('prompt');
    expect(resumeAction(60, 60, false)).toBe('none');
    // Watched to the end: starts over instead of seeking to the last frame.
    expect(resumeAction(60, 60, true)).toBe('none');
  });

  it('keeps the saved place when nothing played this visit', () => {
    expect(keepsPosition(0)).toBe(false);
    expect(keepsPosition(Number.NaN)).toBe(false);
    expect(keepsPosition(7.6)).toBe(true);
  });

  it('formats times', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(75.9)).toBe('01:15');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(NaN)).toBe('00:00');
  });
});

describe('quality', () => {
  const levels = [{ height: 240 }, { height: 360 }, { height: 720 }];
  it('offers auto then the heights, highest first, once each', () => {
    expect(qualityOptions([240, 360, 720, 360, 0])).toEqual([0, 720, 360, 240]);
  });
  it('maps a height to its level, auto (-1) otherwise', () => {
    expect(levelForHeight(levels, 360)).toBe(1);
    expect(levelForHeight(levels, 0)).toBe(-1);
    expect(levelForHeight(levels, 1080)).toBe(-1);
  });
  it('starts at the stored height when the video has it', () => {
    expect(defaultQuality([0, 720, 360], 360)).toBe(360);
    expect(defaultQuality([0, 720, 360], 1080)).toBe(0);
    expect(defaultQuality([0, 720, 360], null)).toBe(0);
  });
});

describe('quality switching (spec §4)', () => {
  const levels = [{ height: 240 }, { height: 360 }, { height: 720 }];
  it('choosing the current quality does nothing, auto included', () => {
    expect(qualitySwitch(0, 0, levels)).toBeNull();
    expect(qualitySwitch(360, 360, levels)).toBeNull();
  });
  it('choosing the height auto is playing is a choice of its own (it gets remembered)', () => {
    // Under auto, hls.js's next level is auto's pick (720 here): the user's choice is still "auto".
    expect(qualitySwitch(0, 720, levels)).toEqual({ height: 720, level: 2 });
  });
  it('switches between levels and back to auto', () => {
    expect(qualitySwitch(720, 240, levels)).toEqual({ height: 240, level: 0 });
    expect(qualitySwitch(240, 0, levels)).toEqual({ height: 0, level: -1 });
    expect(qualitySwitch(240, 1080, levels)).toBeNull();
  });
  it('the switching modal stays until the chosen level plays; auto ends on its first switch', () => {
    const to240 = { height: 240, target: 0, auto: false };
    expect(switchDone(to240, 2, false)).toBe(false);
    expect(switchDone(to240, 1, true)).toBe(false);
    expect(switchDone(to240, 0, true)).toBe(true);
    const toAuto = { height: 0, target: 2, auto: true };
    expect(switchDone(toAuto, 0, false)).toBe(false);
    expect(switchDone(toAuto, 2, false)).toBe(true);
    // Auto changed its mind on the way: whatever it switched to is its pick.
    expect(switchDone(toAuto, 1, true)).toBe(true);
  });
});

describe('autoplay setting (spec §4 resume)', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      m,
    };
  };
  it('is on by default and on for anything but an explicit off', () => {
    expect(parseAutoplaySetting(null)).toBe(true);
    expect(parseAutoplaySetting('1')).toBe(true);
    expect(parseAutoplaySetting('junk')).toBe(true);
    expect(parseAutoplaySetting('0')).toBe(false);
    expect(readAutoplaySetting(null)).toBe(true);
  });
  it('is remembered on the device', () => {
    const store = memory();
    expect(readAutoplaySetting(store)).toBe(true);
    writeAutoplaySetting(false, store);
    expect(store.m.get(AUTOPLAY_KEY)).toBe('0');
    expect(readAutoplaySetting(store)).toBe(false);
    writeAutoplaySetting(true, store);
    expect(readAutoplaySetting(store)).toBe(true);
  });
  it('off, a saved position is offered by the prompt; on, it is sought', () => {
    const autoplay = (store: ReturnType<typeof memory>) => readAutoplaySetting(store);
    const store = memory();
    writeAutoplaySetting(false, store);
    expect(resumeAction(30, 60, autoplay(store))).toBe('prompt');
    writeAutoplaySetting(true, store);
    expect(resumeAction(30, 60, autoplay(store))).toBe('seek');
  });
  it('a storage that throws keeps the default and does not crash', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readAutoplaySetting(broken)).toBe(true);
    expect(() => writeAutoplaySetting(false, broken)).not.toThrow();
  });
});
