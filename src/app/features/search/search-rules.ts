import { Msg, SEARCH_KEYWORD_MAX } from '../../../contract';

/** The spec's message for a bad keyword (§5), or null when it may be searched. Counts code points. */
export function keywordError(raw: string): string | null {
  const w = raw.trim();
  if (!w) return Msg.enterKeyword;
  if ([...w].length > SEARCH_KEYWORD_MAX) return Msg.keywordTooLong;
  return null;
}
