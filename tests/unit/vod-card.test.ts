import { describe, expect, it } from 'vitest';
import { Msg } from '../../src/contract';
import { vodCardPrice } from '../../src/app/features/video/vod-price';

describe('video card price line', () => {
  it('says 已购买 on the buyer’s own list, whatever the price', () => {
    expect(vodCardPrice({ vodPointsPlay: 15 }, true)).toBe(Msg.bought);
    expect(vodCardPrice({ vodPointsPlay: 0 }, true)).toBe(Msg.bought);
  });
  it('shows the price, or 免费, elsewhere', () => {
    expect(vodCardPrice({ vodPointsPlay: 15 }, false)).toBe(`15${Msg.coins}`);
    expect(vodCardPrice({ vodPointsPlay: 0 }, false)).toBe(Msg.free);
  });
});
