import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Ad } from '../../src/contract';
import { bookKeys } from '../../src/app/lib/api/books';
import { clearDeviceData } from '../../src/app/lib/db';
import { cacheAds } from '../../src/app/lib/device/ads';
import { pauseAdVisible } from '../../src/app/features/player/pause-ad';
import { advertOf, findPauseAdvert } from '../../src/app/features/video/usePauseAdvert';

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

describe('where the pause advert comes from', () => {
  const ad = (n: number): Ad => ({
    jumpType: 2,
    bizId: n,
    url: '',
    imgPath: `/media/img/ad${n}_500_0.img`,
    title: `广告${n}`,
  });
  beforeEach(clearDeviceData);

  it("the home's ads the page holds come first (the visitor came from home; the device keeps them later)", async () => {
    const qc = new QueryClient();
    qc.setQueryData(bookKeys.home(), { adList: [ad(1)] });
    await cacheAds('home', [ad(2)]);
    expect((await findPauseAdvert(qc))?.adUrl).toBe('/book/1');
  });

  it("then the device's kept lists: home, then a list screen's own slot ('list:…', as list screens keep them)", async () => {
    await cacheAds('list:最新上架', [ad(3)]);
    expect((await findPauseAdvert(new QueryClient()))?.adUrl).toBe('/book/3');
    await cacheAds('home', [ad(2)]);
    expect((await findPauseAdvert(new QueryClient()))?.adUrl).toBe('/book/2');
  });
});
