/** Answer codes of the spec (§7, §8). '404' is a string in the spec's find-account answer. */
export const Code = {
  OK: 200,
  /** Chapter unpaid, or too few coins for a buy. */
  UNPAID: 999,
  /** Chapter does not exist. */
  NO_CHAPTER: 400,
  /** Congestion: the client refreshes user info and asks for a reload. */
  CONGESTION: 101,
  /** Find account: no recharge account matched. */
  NOT_FOUND: '404',
  /** Session missing, expired or not matching the identity headers. */
  UNAUTHORIZED: 401,
  /** Too many attempts. */
  RATE_LIMITED: 429,
  /**
   * A refusal the spec gives no code of its own (wrong password, mobile taken, already bound…):
   * result false, show msg. Same value as NO_CHAPTER, which only the reader interprets.
   */
  REFUSED: 400,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];
