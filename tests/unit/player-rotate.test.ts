import { describe, expect, it } from 'vitest';
import { PLAYER } from '../../src/contract';
import {
  containedSize,
  fitScale,
  identityView,
  mirrorView,
  normalizeAngle,
  rotateView,
  videoTransform,
} from '../../src/app/features/player/rotate';

const box = { width: 390, height: 219.375 }; // a 16:9 player on a 390 px phone
const hd = { width: 1280, height: 720 };

/** Bounding box of a w×h rectangle turned by `deg` and scaled by `s`. */
const turned = (deg: number, w: number, h: number, s: number) => {
  const r = (deg * Math.PI) / 180;
  const c = Math.abs(Math.cos(r));
  const n = Math.abs(Math.sin(r));
  return { width: s * (w * c + h * n), height: s * (w * n + h * c) };
};

describe('rotation steps', () => {
  it('turns 45° at a time, right clockwise and left anticlockwise, within [0, 360)', () => {
    expect(PLAYER.rotationStepDeg).toBe(45);
    let v = identityView;
    v = rotateView(v, 'right');
    expect(v.angle).toBe(45);
    v = rotateView(v, 'right');
    expect(v.angle).toBe(90);
    v = rotateView(rotateView(v, 'left'), 'left');
    expect(v.angle).toBe(0);
    expect(rotateView(identityView, 'left').angle).toBe(315);
    let full = identityView;
    for (let i = 0; i < 8; i++) full = rotateView(full, 'right');
    expect(full.angle).toBe(0);
    expect(normalizeAngle(-405)).toBe(315);
  });

  it('mirror toggles and keeps the angle', () => {
    const v = mirrorView(rotateView(identityView, 'right'));
    expect(v).toEqual({ angle: 45, mirror: true });
    expect(mirrorView(v)).toEqual({ angle: 45, mirror: false });
  });
});

describe('fitting the turned picture', () => {
  it('finds the picture object-fit: contain shows, or the box before metadata', () => {
    expect(containedSize({ width: 640, height: 480 }, { width: 390, height: 219 })).toEqual({
      width: 292,
      height: 219,
    });
    expect(containedSize({ width: 0, height: 0 }, box)).toEqual(box);
  });

  it('applies min(W / (w|cos a| + h|sin a|), H / (w|sin a| + h|cos a|))', () => {
    const pic = containedSize(hd, box);
    expect(fitScale(0, pic, box)).toBeCloseTo(1, 9);
    expect(fitScale(180, pic, box)).toBeCloseTo(1, 9);
    // A quarter turn: the 390 px wide picture must fit the 219 px height.
    expect(fitScale(90, pic, box)).toBeCloseTo(219.375 / 390, 9);
    expect(fitScale(270, pic, box)).toBeCloseTo(219.375 / 390, 9);
    const s45 = fitScale(45, pic, box);
    const h = Math.SQRT1_2;
    expect(s45).toBeCloseTo(Math.min(390 / (390 * h + 219.375 * h), 219.375 / (390 * h + 219.375 * h)), 9);
  });

  it('makes every step fit the box with one side touching it', () => {
    const pic = containedSize(hd, box);
    for (let deg = 0; deg < 360; deg += 45) {
      const s = fitScale(deg, pic, box);
      const b = turned(deg, pic.width, pic.height, s);
      expect(b.width).toBeLessThanOrEqual(box.width + 1e-6);
      expect(b.height).toBeLessThanOrEqual(box.height + 1e-6);
      expect(Math.max(b.width / box.width, b.height / box.height)).toBeCloseTo(1, 9);
    }
  });

  it('enlarges a portrait video turned onto its side to fill a landscape box', () => {
    const portrait = containedSize({ width: 720, height: 1280 }, box);
    expect(fitScale(90, portrait, box)).toBeGreaterThan(1.7);
  });

  it('follows the box: fullscreen in landscape and portrait give different scales', () => {
    const pic = (b: { width: number; height: number }) => containedSize(hd, b);
    const landscape = { width: 844, height: 390 };
    const portraitScreen = { width: 390, height: 844 };
    expect(fitScale(90, pic(landscape), landscape)).toBeCloseTo(390 / 693.33, 3);
    expect(fitScale(90, pic(portraitScreen), portraitScreen)).toBeCloseTo(390 / 219.375, 6);
  });
});

describe('the one transform on the <video>', () => {
  it('is empty when untouched or reset', () => {
    expect(videoTransform(identityView, box, hd)).toBe('');
    const v = rotateView(rotateView(identityView, 'right'), 'left');
    expect(videoTransform(v, box, hd)).toBe('');
  });

  it('carries rotate, the fitting scale and, last, the flip', () => {
    const v = rotateView(rotateView(identityView, 'right'), 'right');
    expect(videoTransform(v, box, hd)).toBe('rotate(90deg) scale(0.5625)');
    expect(videoTransform(mirrorView(v), box, hd)).toBe('rotate(90deg) scale(0.5625) scaleX(-1)');
    expect(videoTransform(mirrorView(identityView), box, hd)).toBe('rotate(0deg) scale(1) scaleX(-1)');
  });

  it('survives a zero-size box (a hidden player) without dividing by zero', () => {
    const v = rotateView(identityView, 'right');
    expect(videoTransform(v, { width: 0, height: 0 }, hd)).toBe('rotate(45deg) scale(1)');
  });
});
