/**
 * Tiny search-param validators for the routes (zod stays out of the entry chunk).
 * TanStack Router JSON-parses search values, so `?id=12` arrives as the number 12 and `?t=abc` as 'abc'.
 * Anything invalid is dropped (undefined), never an error screen.
 */
type Parser<T> = (v: unknown) => T | undefined;

export const optionalString =
  (max: number): Parser<string> =>
  (v) => {
    const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
    return typeof s === 'string' && s.length > 0 && s.length <= max ? s : undefined;
  };

export const optionalInt =
  (min: number): Parser<number> =>
  (v) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= min ? n : undefined;
  };

export const optionalEnum =
  <const T extends string>(values: readonly T[]): Parser<T> =>
  (v) =>
    typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined;

/** validateSearch from one parser per key. */
export function searchOf<S extends Record<string, Parser<unknown>>>(shape: S) {
  return (raw: Record<string, unknown>): { [K in keyof S]?: ReturnType<S[K]> } => {
    const out: Record<string, unknown> = {};
    for (const [k, parse] of Object.entries(shape)) {
      const v = parse(raw[k]);
      if (v !== undefined) out[k] = v;
    }
    return out as { [K in keyof S]?: ReturnType<S[K]> };
  };
}

/**
 * An id that is usually numeric but may be text (tgId): numbers stay numbers so the router writes the
 * URL back as `?tgId=77`, not the JSON-quoted `?tgId=%2277%22` it uses for numeric-looking strings.
 */
export const optionalIdLike =
  (max: number): Parser<number | string> =>
  (v) => {
    if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : undefined;
    return optionalString(max)(v);
  };

/** A category id of a list screen's search params: the 'all' id ('0') is left out of the URL. */
export const optionalCategory = (v: unknown): number | string | undefined => {
  const id = optionalIdLike(32)(v);
  return id === undefined || String(id) === '0' ? undefined : id;
};

/**
 * A category id (text, as the catalogue gives it) as written to the URL: numeric ids as numbers, so
 * the URL reads `?category=3`, not the JSON-quoted `?category=%223%22`; 'all' ('0') as nothing.
 */
export function categoryParam(id: string): number | string | undefined {
  if (id === '0' || id === '') return undefined;
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : id;
}
