/** The video home, category, search and detail screens. */
export const VideoText = {
  title: '视频',
  search: '搜索视频',
  submit: '搜索',
  clear: '清空',
  balance: '余额：',
} as const;
