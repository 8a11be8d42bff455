import { Msg } from '../../../contract';

/** Player language: English when it is en-us, otherwise Chinese (spec §2 player overlays). */
export type PlayerLang = 'en-us' | 'zh-cn';

export function playerLang(language: string | undefined): PlayerLang {
  return language?.toLowerCase() === 'en-us' ? 'en-us' : 'zh-cn';
}

const en = {
  previewOver: 'Preview is over',
  tryPrefix: 'Try',
  seconds: 'seconds',
  minutes: 'minutes',
  becomeVip: 'Become VIP',
  autoplayLimited: 'Your browser limits autoplay',
  pleaseClick: 'Please Click',
  lastWatched: 'Last watched to',
  jumpToPlay: 'Jump to play',
  close: 'Close',
  subtitles: 'Subtitles',
  audio: 'Audio',
  off: 'Off',
  trackSwitched: 'Track to you for',
  switching: 'Switching to you for',
  auto: 'Auto',
  play: 'Play',
  marker: 'Chapter',
  forMoreInfo: 'For more information',
  loadFailed: 'Failed to load',
  closeAd: 'Close ad',
  danmu: 'Comments',
  danmuPlaceholder: 'Send a comment',
  send: 'Send',
} as const;

type Strings = { [K in keyof typeof en]: string };

const zh: Strings = {
  previewOver: '试看已结束',
  tryPrefix: '试看',
  seconds: '秒',
  minutes: '分钟',
  becomeVip: '开通VIP',
  autoplayLimited: '您的浏览器限制了自动播放',
  pleaseClick: '请点击播放',
  lastWatched: '上次观看到',
  jumpToPlay: '跳转播放',
  close: '关闭',
  subtitles: '字幕',
  audio: '音轨',
  off: '关闭',
  trackSwitched: '已为您切换至',
  switching: '正在为您切换至',
  auto: '自动',
  play: '播放',
  marker: '看点',
  forMoreInfo: '了解更多',
  loadFailed: Msg.loadFailed,
  closeAd: '关闭广告',
  danmu: '弹幕',
  danmuPlaceholder: '发个弹幕吧',
  send: '发送',
};

export const playerText = (lang: PlayerLang): Strings => (lang === 'en-us' ? en : zh);

/** plyr's own labels in Chinese (its defaults are English). */
export const plyrI18nZh = {
  restart: '重新播放',
  rewind: '后退 {seektime} 秒',
  play: '播放',
  pause: '暂停',
  fastForward: '快进 {seektime} 秒',
  seek: '进度',
  seekLabel: '{currentTime} / {duration}',
  played: '已播放',
  buffered: '已缓冲',
  currentTime: '当前时间',
  duration: '时长',
  volume: '音量',
  mute: '静音',
  unmute: '取消静音',
  enterFullscreen: '全屏',
  exitFullscreen: '退出全屏',
  settings: '设置',
  menuBack: '返回',
  speed: '倍速',
  normal: '正常',
  quality: '清晰度',
  loop: '循环',
  start: '开始',
  end: '结束',
  all: '全部',
  reset: '重置',
  disabled: '关闭',
  enabled: '开启',
};
