import { AccountText, Msg } from '../messages.js';

/** The comic home screen: header, quick links, sections, floating buttons, download banner. */
export const HomeText = {
  logo: 'Inkreel漫画',
  searchLink: `搜索 ${Msg.searchPlaceholder}`,
  quickLinks: '快捷入口',
  ranking: '排行',
  animeVideos: '动漫视频',
  topUp: Msg.recharge,
  recentReads: '最近阅读',
  readTo: (chapter: string) => `读到${chapter}`,
  readToOf: (title: string, chapter: string) => `${title} 读到${chapter}`,
  allHistory: '全部阅读历史',
  refresh: '换一批',
  refreshOf: (title: string) => `${title} 换一批`,
  dayCategories: '每日更新分类',
  complaint: AccountText.complaint,
  dailySign: AccountText.dailySign,
  sign: '签到',
  download: AccountText.appDownload,
  downloadPitch: '下载APP，看漫画更流畅',
  downloadNow: '立即下载',
  closeDownload: '关闭下载提示',
} as const;
