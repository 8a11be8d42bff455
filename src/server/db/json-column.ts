import type { z } from 'zod';

/** A JSON text column read back through its schema: a missing or damaged value is null, never a crash. */
export function readJsonColumn<T extends z.ZodType>(
  text: string | null | undefined,
  schema: T,
): z.output<T> | null {
  if (!text) return null;
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
