/** Reader chrome: menu, page images, buy dialog, dead ends. */
export const ReaderChromeText = {
  menu: '阅读菜单',
  pageAlt: (title: string, page: number) => `${title} 第${page}页`,
  chapterPrice: '本章价格：',
  myBalance: '我的余额：',
  backHome: '返回主页',
  /** The bar's shelf toggle once the book is on the shelf (收藏 before): what it does, in full. */
  removeFromShelf: '移出书架',
} as const;
