import { describe, expect, it } from 'vitest';
import { classifyAppType, type AppTypeEnv } from '../../src/app/lib/app-type';
import { UA } from './app-type.fixtures';

const env = (userAgent: string, over: Partial<AppTypeEnv> = {}): AppTypeEnv => ({
  userAgent,
  standalone: false,
  maxTouchPoints: 0,
  platform: '',
  ...over,
});

describe('classifyAppType', () => {
  it('recognises our native shell by its marker, whatever the platform', () => {
    expect(classifyAppType(env(`${UA.androidChrome} InkreelShell/1.0`))).toBe('shell');
    expect(classifyAppType(env(`${UA.desktopChrome} MyShell`), 'MyShell')).toBe('shell');
  });

  it('iOS home-screen apps are ios_desk, iOS Safari is wap_browser', () => {
    expect(classifyAppType(env(UA.iphoneSafari, { standalone: true, platform: 'iPhone' }))).toBe('ios_desk');
    expect(classifyAppType(env(UA.iphoneSafari, { platform: 'iPhone', maxTouchPoints: 5 }))).toBe(
      'wap_browser',
    );
  });

  it('iPadOS (MacIntel with touch) counts as iOS', () => {
    expect(classifyAppType(env(UA.ipadOs, { platform: 'MacIntel', maxTouchPoints: 5 }))).toBe('wap_browser');
    expect(
      classifyAppType(env(UA.ipadOs, { platform: 'MacIntel', maxTouchPoints: 5, standalone: true })),
    ).toBe('ios_desk');
  });

  it('mobile browsers are wap_browser (Android, HarmonyOS); installed Android is still a browser', () => {
    expect(classifyAppType(env(UA.androidChrome))).toBe('wap_browser');
    expect(classifyAppType(env(UA.androidChrome, { standalone: true }))).toBe('wap_browser');
    expect(classifyAppType(env(UA.harmony))).toBe('wap_browser');
  });

  it('desktop browsers are other', () => {
    expect(classifyAppType(env(UA.desktopChrome, { platform: 'Win32' }))).toBe('other');
    expect(classifyAppType(env(UA.macSafari, { platform: 'MacIntel', maxTouchPoints: 0 }))).toBe('other');
  });
});
