/*
 * Apart from access.ts: the reader's route (in the app's first bundle) reads its params with this, and
 * access.ts checks a 999 answer with the contract's schema, which would bring zod into that bundle.
 */

/** Route params → book id and chapter number, or null when missing or invalid (Msg.bookNotLoaded). */
export function parseReaderParams(id: string | undefined, number: string | undefined) {
  const ok = (s: string | undefined) => (s && /^\d{1,10}$/.test(s) ? Number(s) : 0);
  const bookId = ok(id);
  const n = ok(number);
  return bookId > 0 && n > 0 && bookId <= 2_147_483_647 && n <= 2_147_483_647 ? { bookId, number: n } : null;
}
