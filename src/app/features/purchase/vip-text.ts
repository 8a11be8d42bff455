import { AccountText, type UserInfo } from '../../../contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-22 14时" while VIP is on; "VIP已过期" after a VIP ended; "未开通VIP" otherwise. */
export function vipExpiryText(
  u: Pick<UserInfo, 'vipType' | 'vipEndYear' | 'vipEndMonth' | 'vipEndDay' | 'vipEndHour'>,
): string {
  if (u.vipEndYear === null || u.vipEndMonth === null || u.vipEndDay === null) return AccountText.noVip;
  if (u.vipType === 'none') return AccountText.vipExpired;
  const hour = u.vipEndHour === null ? '' : ` ${pad(u.vipEndHour)}:00`;
  return `${u.vipEndYear}-${pad(u.vipEndMonth)}-${pad(u.vipEndDay)}${hour}`;
}
