import { AccountText } from '../messages.js';

/** Mine, daily sign and find-account strings composed from AccountText. */
export const MineText = {
  copyEmail: `复制${AccountText.contactEmail}`,
  signedTodayNote: `${AccountText.signedToday}，${AccountText.signTomorrow}`,
  /** Appended to today's date in the find-account calendar. */
  todayNote: `（${AccountText.todayMark}）`,
} as const;

/**
 * The find-account success dialog: finding an account gives it a new password, so the one the user
 * screenshotted from 我的 no longer works; the dialog says so before showing the new one.
 */
export const FindAccountText = {
  passwordReset: '找回成功，密码已重置：原来的密码（包括之前截屏保存的）已失效，请使用下面的新密码登录。',
  newPassword: '新密码',
} as const;
