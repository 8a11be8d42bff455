import { AccountText } from '../messages.js';

/** Mine, daily sign and find-account strings composed from AccountText. */
export const MineText = {
  copyEmail: `复制${AccountText.contactEmail}`,
  signedTodayNote: `${AccountText.signedToday}，${AccountText.signTomorrow}`,
  /** Appended to today's date in the find-account calendar. */
  todayNote: `（${AccountText.todayMark}）`,
} as const;
