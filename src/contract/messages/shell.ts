import { Msg, AccountText } from '../messages.js';

/** Words of the app shell (install, update, landing) that the spec leaves to us; Chinese like the rest. */
export const ShellMsg = {
  newVersion: '发现新版本',
  newVersionHint: '更新后即可使用最新功能',
  updateNow: '立即更新',
  later: '稍后',
  installTitle: '添加到主屏幕',
  installHint: '像App一样打开，阅读更快更稳定',
  installAction: '添加',
  close: '关闭',
  iosInstallTitle: '添加到主屏幕',
  iosStepShare: '点击浏览器底部的「分享」按钮',
  iosStepAdd: '在菜单中选择「添加到主屏幕」',
  iosStepDone: '点击右上角「添加」，即可从桌面打开',
  iKnow: '我知道了',
  siteBuilding: '网站建设中',
  siteBuildingHint: '精彩内容即将上线，正在为您跳转…',
  loading: '加载中…',
} as const;

/** The bottom tab bars of the comic and video halves, and the floating top-up button. */
export const TabBarText = {
  comicNav: '漫画导航',
  videoNav: '视频导航',
  comics: '漫画',
  category: '分类',
  watchVideo: '看视频',
  shelf: Msg.favourite,
  mine: AccountText.mine,
  video: '视频',
  searchVideo: '搜视频',
  readComics: '看漫画',
  bought: '已购',
  topUp: Msg.recharge,
} as const;

/** What the app says while the phone has no network. */
export const OfflineText = {
  banner: '网络未连接：已下载的章节照常阅读，其他图片暂时无法显示',
  /** The daily sign-in needs the server: tapped offline, this instead of the dialog. */
  signNeedsNetwork: '网络未连接，联网后再来签到吧',
  /** Under a picture that could not load offline (SecureImage's placeholder). */
  pictureOffline: '离线中，图片暂时无法显示',
} as const;
