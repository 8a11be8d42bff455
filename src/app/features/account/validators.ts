import { MOBILE_PATTERN, Msg, SMS_CODE_PATTERN } from '../../../contract';

/** Spec §5 checks of the account forms: each returns the message to show, or null when the input is fine. */

export function validateLogin(account: string, password: string): string | null {
  if (!account.trim()) return Msg.enterMobile;
  if (!password) return Msg.enterPassword;
  return null;
}

export function validateMobile(mobile: string): string | null {
  const m = mobile.trim();
  if (!m) return Msg.enterMobile;
  if (!MOBILE_PATTERN.test(m)) return Msg.badMobile;
  return null;
}

export function validateSmsCode(code: string): string | null {
  const c = code.trim();
  if (!c) return Msg.enterSmsCode;
  if (!SMS_CODE_PATTERN.test(c)) return Msg.badSmsCode;
  return null;
}

/** The server also enforces 6–32 characters (Msg.passwordRule); checking here saves a round trip. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;

export function validatePasswordChange(password: string, confirm: string): string | null {
  if (!password) return Msg.enterPassword;
  if (!confirm) return Msg.confirmPassword;
  if (password !== confirm) return Msg.passwordMismatch;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return Msg.passwordRule;
  return null;
}

export function validateChargeDate(date: string | null | undefined): string | null {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? null : Msg.pickChargeDate;
}
