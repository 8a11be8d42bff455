/** Screen and section titles of the comic lists (shared by home sections and their list screens). */
export const ListTitle = {
  recommend: '精品推荐',
  threeD: '3D专区',
  kkbg: '重磅推荐',
  newOn: '新书速递',
  newList: '最近更新',
  updateList: '更新列表',
  day: '每日更新',
  ranked: '人气排行',
  dayRanked: '排行榜',
  latest: '最新上架',
} as const;

/** Chrome of the list screens. */
export const ListText = {
  /** A ranked row's place: 第3名. */
  rank: (n: number) => `第${n}名`,
  boards: '榜单',
  category: '分类',
} as const;

/** What a list ranks by, under each of its books (counts come formatted: 1.2万). */
export const ListNote = {
  published: (days: number) => (days < 1 ? '今天上架' : `${days}天前上架`),
  updated: (hours: number) =>
    hours < 1 ? '刚刚更新' : hours < 24 ? `${hours}小时前更新` : `${Math.floor(hours / 24)}天前更新`,
  /** The update list's day: 今天更新 (the last 24 hours), 2天前更新. */
  updateDay: (days: number) => (days < 1 ? '今天更新' : `${days}天前更新`),
  /** The same with the reads that order the day, where a row has room: 今天更新 · 5.3万人看过. */
  updateDayReads: (day: string, count: string) => `${day} · ${count}人看过`,
  perDay: (count: string) => `日均${count}人看`,
  week: (count: string) => `本周${count}人看`,
  total: (count: string) => `${count}人看过`,
} as const;
