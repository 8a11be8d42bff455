/** Screen and section titles of the comic lists (shared by home sections and their list screens). */
export const ListTitle = {
  recommend: '精品推荐',
  threeD: '3D专区',
  kkbg: '重磅推荐',
  newOn: '新书速递',
  newList: '最近更新',
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
