import { Msg } from '../messages.js';

/** The shelf screen: favourites and reading history tabs. */
export const ShelfText = {
  title: Msg.favourite,
  tabs: '收藏与历史',
  favourites: '我的收藏',
  favouritesCount: (n: number) => `我的收藏(${n})`,
  history: Msg.readingHistory,
  selectAll: '全选',
  unselectAll: '取消全选',
  deletePicked: (n: number) => `删除(${n})`,
  done: '完成',
  edit: '取消订阅',
  pick: (title: string) => `选择 ${title}`,
  readTo: (chapter: string) => `读到${chapter}`,
  continueReading: '继续阅读',
  continueOf: (title: string, chapter: string, spot: string) => `继续阅读 ${title} ${chapter}${spot}`,
  delete: '删除',
  deleteOf: (title: string) => `删除 ${title} 的阅读记录`,
} as const;
