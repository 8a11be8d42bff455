/**
 * The time SMS codes run on (5-minute validity, 60 s cooldown, daily caps). Production reads the system
 * clock; tests move `smsClock.now` to cross expiry and cooldown without sleeping.
 */
export const smsClock = { now: (): Date => new Date() };
