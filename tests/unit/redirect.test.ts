import { describe, expect, it } from 'vitest';
import type { AppTypeEnv } from '../../src/app/lib/app-type';
import { isIosSafari } from '../../src/app/lib/install';
import {
  DESKTOP_PAGE,
  isQQInApp,
  isWeChat,
  OPEN_IN_BROWSER_PAGE,
  redirectTarget,
} from '../../src/app/lib/redirect';
import {
  categoryParam,
  optionalCategory,
  optionalEnum,
  optionalIdLike,
  optionalInt,
  optionalString,
  searchOf,
} from '../../src/app/lib/search-params';
import { routeDepth, slideDirection } from '../../src/app/lib/transitions';
import { UA } from './app-type.fixtures';

const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; V2172A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1110017 MMWEBSDK/20230805 MMWEBID/1234 MicroMessenger/8.0.42.2460(0x28002A58) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/zh_CN';
const QQ_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046141 Mobile Safari/537.36 V1_AND_SQ_8.9.28_3700_YYB_D A_8092800 QQ/8.9.28.10155 NetType/WIFI WebP/0.3.0 Pixel/1080 StatusBarHeight/96 SimpleUISwitch/0 QQTheme/1000 InMagicWin/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.0 GlobalDensityScale/0.9818182 AppId/537146869';
const QQ_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.80.616 V1_IPH_SQ_8.9.80_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 Core/WKWebView Device/Apple(iPhone 13) NetType/WIFI QBWebViewType/1 WKType/1';
const QQ_BROWSER_ANDROID =
  'Mozilla/5.0 (Linux; U; Android 12; zh-cn; PEGM00 Build/SKQ1.210216.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.2 Mobile Safari/537.36 COVC/046609';
const QQ_BROWSER_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.201.400 QQBrowser/11.9.5355.400';

const env = (userAgent: string, over: Partial<AppTypeEnv> = {}): AppTypeEnv => ({
  userAgent,
  standalone: false,
  maxTouchPoints: 0,
  platform: '',
  ...over,
});

describe('in-app browser rules', () => {
  it('WeChat is MicroMessenger', () => {
    expect(isWeChat(WECHAT_ANDROID)).toBe(true);
    expect(isWeChat(WECHAT_IOS)).toBe(true);
    expect(isWeChat(UA.androidChrome)).toBe(false);
  });

  it('QQ is the QQ/ token, not MQQBrowser or QQBrowser alone', () => {
    expect(isQQInApp(QQ_ANDROID)).toBe(true);
    expect(isQQInApp(QQ_IOS)).toBe(true);
    expect(isQQInApp(QQ_BROWSER_ANDROID)).toBe(false);
    expect(isQQInApp(QQ_BROWSER_DESKTOP)).toBe(false);
    expect(isQQInApp(`${UA.androidChrome} SQQ/1.0`)).toBe(false);
  });
});

describe('redirectTarget', () => {
  it('sends WeChat and QQ in-app browsers to the open-in-browser page', () => {
    for (const ua of [WECHAT_ANDROID, WECHAT_IOS, QQ_ANDROID, QQ_IOS])
      expect(redirectTarget(env(ua, { platform: 'iPhone' }))).toBe(OPEN_IN_BROWSER_PAGE);
  });

  it('sends desktop browsers to the desktop page unless the visitor chose to stay', () => {
    expect(redirectTarget(env(UA.desktopChrome, { platform: 'Win32' }))).toBe(DESKTOP_PAGE);
    expect(redirectTarget(env(UA.macSafari, { platform: 'MacIntel' }))).toBe(DESKTOP_PAGE);
    expect(redirectTarget(env(QQ_BROWSER_DESKTOP, { platform: 'Win32' }))).toBe(DESKTOP_PAGE);
    expect(redirectTarget(env(UA.desktopChrome), { desktopOk: () => true })).toBeNull();
  });

  it("asks for the visitor's desktop choice (device storage) only on a desktop browser", () => {
    let asked = 0;
    const desktopOk = () => (asked++, false);
    for (const ua of [
      UA.androidChrome,
      UA.iphoneSafari,
      WECHAT_ANDROID,
      `${UA.desktopChrome} InkreelShell/2`,
    ])
      redirectTarget(env(ua), { desktopOk });
    expect(asked).toBe(0);
    expect(redirectTarget(env(UA.desktopChrome, { platform: 'Win32' }), { desktopOk })).toBe(DESKTOP_PAGE);
    expect(asked).toBe(1);
  });

  it('keeps mobile browsers, iPadOS, home-screen apps and our shell', () => {
    expect(redirectTarget(env(UA.androidChrome))).toBeNull();
    expect(redirectTarget(env(UA.iphoneSafari, { platform: 'iPhone' }))).toBeNull();
    expect(redirectTarget(env(UA.ipadOs, { platform: 'MacIntel', maxTouchPoints: 5 }))).toBeNull();
    expect(redirectTarget(env(QQ_BROWSER_ANDROID))).toBeNull();
    expect(redirectTarget(env(`${UA.desktopChrome} InkreelShell/2`))).toBeNull();
  });
});

describe('install help', () => {
  it('shows the iOS how-to only in Safari on iOS', () => {
    expect(isIosSafari(UA.iphoneSafari, 'iPhone', 5)).toBe(true);
    expect(isIosSafari(UA.ipadOs, 'MacIntel', 5)).toBe(true);
    expect(isIosSafari(UA.macSafari, 'MacIntel', 0)).toBe(false);
    expect(isIosSafari(UA.androidChrome, 'Linux armv8l', 5)).toBe(false);
    expect(isIosSafari(WECHAT_IOS, 'iPhone', 5)).toBe(false);
    expect(isIosSafari(UA.iphoneSafari.replace('Version/17.4', 'CriOS/126.0'), 'iPhone', 5)).toBe(false);
  });
});

describe('page transitions', () => {
  it('slides forward into deeper screens and back out of them', () => {
    const home = routeDepth('/home', true);
    const book = routeDepth('/book/7', false);
    const catalog = routeDepth('/book/7/catalog', false);
    const reader = routeDepth('/book/read/7/2', false);
    expect([home, book, catalog, reader]).toEqual([0, 2, 3, 4]);
    expect(slideDirection(home, book)).toBe('forward');
    expect(slideDirection(reader, catalog)).toBe('back');
    expect(slideDirection(routeDepth('/user', true), routeDepth('/vod', true))).toBe('none');
    expect(slideDirection(routeDepth('/user/login', false), routeDepth('/user', true))).toBe('back');
  });
});

describe('route search params', () => {
  it('keeps valid values and drops the rest without an error', () => {
    const shelf = searchOf({ active: optionalEnum(['history', 'shelf']) });
    expect(shelf({ active: 'history' })).toEqual({ active: 'history' });
    expect(shelf({ active: 'nope' })).toEqual({});
    const vod = searchOf({ vodId: optionalInt(1) });
    expect(vod({ vodId: 12 })).toEqual({ vodId: 12 });
    expect(vod({ vodId: '12' })).toEqual({ vodId: 12 });
    expect(vod({ vodId: 0 })).toEqual({});
    expect(vod({ vodId: 1.5 })).toEqual({});
    const catalog = searchOf({ title: optionalString(5) });
    expect(catalog({ title: 123 })).toEqual({ title: '123' });
    expect(catalog({ title: 'toolong' })).toEqual({});
  });

  it('keeps a numeric tgId a number so the URL stays ?tgId=77', () => {
    const landing = searchOf({ tgId: optionalIdLike(64) });
    expect(landing({ tgId: 77 })).toEqual({ tgId: 77 });
    expect(landing({ tgId: 'spring-ad' })).toEqual({ tgId: 'spring-ad' });
    expect(landing({ tgId: -1 })).toEqual({});
  });
});

describe('list screen search params', () => {
  it('keeps a category id (numbers stay numbers) and leaves the all id out', () => {
    const screen = searchOf({ category: optionalCategory, publish: optionalEnum(['serialize', 'finish']) });
    expect(screen({ category: 3, publish: 'finish' })).toEqual({ category: 3, publish: 'finish' });
    expect(screen({ category: 0, publish: '0' })).toEqual({});
    expect(screen({ category: '0' })).toEqual({});
    expect(screen({ category: 'manga' })).toEqual({ category: 'manga' });
    expect(screen({ category: -2 })).toEqual({});
  });
  it('writes catalogue ids to the URL as numbers, and all as nothing', () => {
    expect(categoryParam('3')).toBe(3);
    expect(categoryParam('0')).toBeUndefined();
    expect(categoryParam('manga')).toBe('manga');
    expect(categoryParam('007')).toBe('007');
  });
});
