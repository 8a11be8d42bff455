import { describe, expect, it } from 'vitest';
import type { Ad } from '../../src/contract';
import { pauseAdVisible } from '../../src/app/features/player/pause-ad';
import { advertOf } from '../../src/app/features/video/usePauseAdvert';

const base = { paused: true, ended: false, previewOver: false, closed: false, started: true };

describe('pause advert', () => {
  it('shows on pause after playback started, hides on play, close, end and the preview end', () => {
    expect(pauseAdVisible(base)).toBe(true);
    expect(pauseAdVisible({ ...base, paused: false })).toBe(false);
    expect(pauseAdVisible({ ...base, closed: true })).toBe(false);
    expect(pauseAdVisible({ ...base, ended: true })).toBe(false);
    expect(pauseAdVisible({ ...base, previewOver: true })).toBe(false);
    expect(pauseAdVisible({ ...base, started: false })).toBe(false);
  });

  it('follows the ad jumpType for its link', () => {
    const ad: Ad = {
      jumpType: -2,
      bizId: 0,
      url: 'https://example.com/x',
      imgPath: '/media/img/a_500_0.img',
      title: 'A',
    };
    expect(advertOf(ad)).toEqual({ coverUrl: ad.imgPath, adUrl: 'https://example.com/x', title: 'A' });
    expect(advertOf({ ...ad, jumpType: 2, bizId: 12 })?.adUrl).toBe('/book/12');
    expect(advertOf({ ...ad, jumpType: 3 })?.adUrl).toBe('/purchase');
    expect(advertOf({ ...ad, url: ' ' })).toBeNull();
    expect(advertOf({ ...ad, imgPath: '' })).toBeNull();
  });
});
