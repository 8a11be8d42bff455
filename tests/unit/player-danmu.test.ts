import { describe, expect, it } from 'vitest';
import { PLAYER } from '../../src/contract';
import {
  acceptDanmu,
  cssColor,
  DANMU_COLORS,
  DANMU_MAX_ON_SCREEN,
  danmuKind,
  pushDanmu,
  sentDanmu,
} from '../../src/app/features/player/danmu';

const base = { stime: 0, text: 'hi', size: 25, color: 0xffffff };

describe('danmu', () => {
  it('accepts only modes 1, 4, 5, 6, 7, 8, 17', () => {
    for (const mode of [1, 4, 5, 6, 7, 8, 17]) expect(acceptDanmu({ ...base, mode })).not.toBeNull();
    for (const mode of [0, 2, 3, 9, 16, 18]) expect(acceptDanmu({ ...base, mode })).toBeNull();
  });

  it('never runs a mode 8 script: it becomes plain scrolling text', () => {
    const c = acceptDanmu({ ...base, mode: 8, text: 'alert(1)<img src=x onerror=alert(2)>' });
    expect(c?.mode).toBe(1);
    expect(c?.text).toBe('alert(1)<img src=x onerror=alert(2)>');
  });

  it('defaults the life to 4000 ms', () => {
    expect(acceptDanmu({ ...base, mode: 1 })?.dur).toBe(PLAYER.commentLifeMs);
    expect(acceptDanmu({ ...base, mode: 1, dur: 2500 })?.dur).toBe(2500);
  });

  it('ignores empty sends; a send scrolls with a listed size, a preset colour and stime 1000', () => {
    expect(sentDanmu('')).toBeNull();
    expect(sentDanmu('   ')).toBeNull();
    for (const r of [0, 0.25, 0.5, 0.99]) {
      const c = sentDanmu('好看', () => r)!;
      expect(c.mode).toBe(1);
      expect(c.stime).toBe(1000);
      expect(PLAYER.danmuSizes).toContain(c.size);
      expect(DANMU_COLORS).toContain(c.color);
    }
    expect(sentDanmu('a', () => 0)!.size).toBe(16);
    expect(sentDanmu('a', () => 0.999)!.size).toBe(45);
  });

  it('caps the comments on screen, dropping the oldest', () => {
    let list: ReturnType<typeof pushDanmu> = [];
    for (let i = 0; i < DANMU_MAX_ON_SCREEN + 5; i++) list = pushDanmu(list, sentDanmu(`c${i}`)!);
    expect(list).toHaveLength(DANMU_MAX_ON_SCREEN);
    expect(list[0]!.text).toBe('c5');
  });

  it('maps modes to placement and colours to CSS', () => {
    expect(danmuKind(1)).toBe('rtl');
    expect(danmuKind(6)).toBe('ltr');
    expect(danmuKind(5)).toBe('top');
    expect(danmuKind(4)).toBe('bottom');
    expect(cssColor(0xff5a5f)).toBe('#ff5a5f');
    expect(cssColor(0xff)).toBe('#0000ff');
  });
});
