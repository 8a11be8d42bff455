import { HTTPError } from 'ky';

/** The msg of a refused call: the answer's own message (a 400 carries one), else the fallback. */
export async function errorMessage(err: unknown, fallback: string): Promise<string> {
  if (err instanceof HTTPError) {
    try {
      const body = (await err.response.clone().json()) as { msg?: unknown };
      if (typeof body.msg === 'string' && body.msg) return body.msg;
    } catch {
      // Not JSON.
    }
  }
  return fallback;
}
