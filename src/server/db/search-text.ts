/**
 * Search tokens for the full-text indexes (SQLite FTS5, PostgreSQL tsvector 'simple').
 * Neither engine splits Chinese into words, so every CJK character is stored as its own token and a
 * keyword becomes a phrase of its characters: a substring search that still uses the index.
 * Latin letters and digits stay whole words, lower-cased.
 */

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const TOKEN = new RegExp(String.raw`[${CJK}]|(?:(?![${CJK}])[\p{L}\p{N}])+`, 'gu');
const CJK_ONE = new RegExp(String.raw`^[${CJK}]$`, 'u');

/** The tokens of a text, in order. Only letters and digits survive, so tokens are safe in queries. */
export function tokenize(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(TOKEN) ?? []).slice();
}

/** The value stored in search_text for the given fields (title, author…). */
export function searchText(...fields: string[]): string {
  return fields.flatMap(tokenize).join(' ');
}

/** A keyword as index queries: null when it has no letters or digits at all. */
export interface PhraseQuery {
  /** FTS5 MATCH expression: one phrase, the last Latin word as a prefix. */
  fts5: string;
  /** PostgreSQL to_tsquery('simple', …) expression: tokens joined by <->, the same prefix rule. */
  tsquery: string;
}

export function phraseQuery(keyword: string): PhraseQuery | null {
  const tokens = tokenize(keyword);
  if (tokens.length === 0) return null;
  // A Latin word being typed is matched as a prefix ("drag" finds "dragon"); CJK tokens are whole.
  const prefix = !CJK_ONE.test(tokens[tokens.length - 1]!);
  return {
    fts5: `"${tokens.join(' ')}"${prefix ? '*' : ''}`,
    tsquery: tokens.map((t, i) => (prefix && i === tokens.length - 1 ? `${t}:*` : t)).join(' <-> '),
  };
}
