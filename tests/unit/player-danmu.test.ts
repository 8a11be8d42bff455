import { describe, expect, it } from 'vitest';
import { DANMU_MODES, PLAYER } from '../../src/contract';
import {
  acceptAll,
  acceptDanmu,
  cssColor,
  DANMU_COLORS,
  danmuKind,
  danmuLife,
  sentDanmu,
} from '../../src/app/features/player/danmu';

const base = { stime: 0, text: 'hi', size: 25, color: 0xffffff };

describe('danmu', () => {
  it('accepts the modes of spec §3 (1, 4, 5, 6, 7, 8, 17) and refuses others (2 included)', () => {
    for (const mode of DANMU_MODES) expect(acceptDanmu({ ...base, mode })).not.toBeNull();
    for (const mode of [0, 2, 3, 9, 16, 18]) expect(acceptDanmu({ ...base, mode })).toBeNull();
  });

  it('never runs a mode 8 script: it stays the same plain text, scrolling', () => {
    const text = '<img src=x onerror="window.__inkDanmuRan=1">';
    const c = acceptDanmu({ ...base, mode: 8, text });
    expect(c?.mode).toBe(1);
    expect(c?.text).toBe(text);
    expect(danmuKind(c!.mode)).toBe('rtl');
  });

  it('fills §3 defaults: life 4000 ms, opaque, shadowed, no border, no position', () => {
    const c = acceptDanmu({ ...base, mode: 1 })!;
    expect(c.dur).toBe(PLAYER.commentLifeMs);
    expect(c).toMatchObject({
      opacity: 1,
      shadow: true,
      border: false,
      font: '',
      position: null,
      motion: null,
    });
    expect(acceptDanmu({ ...base, mode: 1, dur: 2500 })?.dur).toBe(2500);
  });

  it('ignores empty sends; a send scrolls with a listed size and a preset colour at the given time', () => {
    expect(sentDanmu('', 0)).toBeNull();
    expect(sentDanmu('   ', 0)).toBeNull();
    for (const r of [0, 0.25, 0.5, 0.99]) {
      const c = sentDanmu('好看', 12_345.6, () => r)!;
      expect(c.mode).toBe(1);
      expect(c.stime).toBe(12_346);
      expect(PLAYER.danmuSizes).toContain(c.size);
      expect(DANMU_COLORS).toContain(c.color);
      expect(c.id).toBeLessThan(0);
    }
    expect(sentDanmu('a', 0, () => 0)!.size).toBe(16);
    expect(sentDanmu('a', 0, () => 0.999)!.size).toBe(45);
  });

  it('sorts a server list by stime and drops unknown modes', () => {
    const list = acceptAll([
      { ...acceptDanmu({ ...base, mode: 1, stime: 3000 })!, id: 1 },
      { ...acceptDanmu({ ...base, mode: 5, stime: 1000 })!, id: 2 },
      { ...acceptDanmu({ ...base, mode: 1, stime: 2000 })!, id: 3, mode: 99 },
    ]);
    expect(list.map((c) => c.id)).toEqual([2, 1]);
  });

  it('maps modes to placement, lives and colours to CSS', () => {
    expect([1, 4, 5, 6, 7, 17].map(danmuKind)).toEqual([
      'rtl',
      'bottom',
      'top',
      'ltr',
      'positioned',
      'positioned',
    ]);
    const scroll = acceptDanmu({ ...base, mode: 1 })!;
    expect(danmuLife(scroll)).toBe(PLAYER.bulletLoopMs);
    expect(danmuLife({ ...scroll, dur: 2000 })).toBe(PLAYER.bulletLoopMs / 2);
    expect(danmuLife({ ...scroll, mode: 5 })).toBe(PLAYER.commentLifeMs);
    expect(cssColor(0xff5a5f)).toBe('#ff5a5f');
    expect(cssColor(0xff)).toBe('#0000ff');
  });
});
