import type { ListAdKey } from '../ports/catalogue-store.js';

/** An AdPlan of plan.ts (which spreads these into AD_PLANS) for one list screen. */
export interface ListAdPlan {
  position: `list:${ListAdKey}`;
  jumpType: -1 | 3;
  title: string;
  subtitle: string;
  cta: string;
  url: string;
}

/**
 * One banner per list screen (position list:<screen>), shown before the banners every list shows, so
 * no two lists open on the same one. Each leads to another list or to top-up, never to its own screen.
 */
export const LIST_AD_PLANS: ListAdPlan[] = [
  {
    position: 'list:latest',
    jumpType: -1,
    title: '新书速递',
    subtitle: '每周都有新连载上架',
    cta: '看新书',
    url: '/home/new-on',
  },
  {
    position: 'list:recent',
    jumpType: 3,
    title: '追更不等待',
    subtitle: '开通VIP，新章节一更新就能看',
    cta: '开通VIP',
    url: '',
  },
  {
    position: 'list:updates',
    jumpType: -1,
    title: '每日更新',
    subtitle: '按分类看今天更新了什么',
    cta: '看今日更新',
    url: '/home/day',
  },
  {
    position: 'list:ranked',
    jumpType: -1,
    title: '排行榜',
    subtitle: '总榜、周榜，按分类看',
    cta: '查看榜单',
    url: '/home/day-ranked',
  },
  {
    position: 'list:rank',
    jumpType: -1,
    title: '人气排行',
    subtitle: '新书老书，谁最受追捧',
    cta: '去看看',
    url: '/home/ranked',
  },
  {
    position: 'list:day',
    jumpType: -1,
    title: '最新上架',
    subtitle: '刚上架的新书都在这里',
    cta: '去看看',
    url: '/home/latest',
  },
  {
    position: 'list:recommend',
    jumpType: -1,
    title: '重磅推荐',
    subtitle: '已完结，一口气读到结局',
    cta: '去看看',
    url: '/home/kkbg',
  },
  {
    position: 'list:kkbg',
    jumpType: -1,
    title: '精品推荐',
    subtitle: '编辑部挑出来的好故事',
    cta: '去看看',
    url: '/home/recommend',
  },
  {
    position: 'list:three_d',
    jumpType: -1,
    title: '最近更新',
    subtitle: '看看哪些漫画刚更新',
    cta: '去追更',
    url: '/home/new',
  },
  {
    position: 'list:new_on',
    jumpType: -1,
    title: '每日签到',
    subtitle: '每天签到领金币，VIP双倍',
    cta: '去签到',
    url: '/user',
  },
  {
    position: 'list:category',
    jumpType: 3,
    title: '充值送金币',
    subtitle: '充50元加送80金币',
    cta: '去充值',
    url: '',
  },
];
