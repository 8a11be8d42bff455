import { AccountText, Msg } from '../messages.js';
import { ShellMsg } from './shell.js';

/** Words many screens share: loading and retry states, punctuation between a label and its value. */
export const CommonText = {
  loading: ShellMsg.loading,
  reload: Msg.reload,
  loadFailedRetry: `${Msg.loadFailed}，点击重试`,
  back: AccountText.back,
  /** Between a label and its value: 账号：… */
  colon: '：',
  copy: '复制',
  more: '更多',
  /** A section's 'more' link, named with the section. */
  moreOf: (title: string) => `${title} 更多`,
  cover: (title: string) => `${title}封面`,
  ad: '广告',
  adNumber: (n: number) => `广告 ${n}`,
  search: '搜索',
  clear: '清空',
  delete: '删除',
} as const;
