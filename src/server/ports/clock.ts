/**
 * The one source of "now" for money, SMS codes, day boundaries (Asia/Shanghai) and expiry. The
 * composition root passes the system clock; tests pass a clock they move, never reassign a global.
 */
export interface Clock {
  now(): Date;
}
