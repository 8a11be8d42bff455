import { Msg } from '../messages.js';

/** The comic search screen. */
export const SearchText = {
  title: '搜索',
  submit: '搜索',
  clearHistory: `清空${Msg.searchHistory}`,
  clear: '清空',
  results: '搜索结果',
} as const;
