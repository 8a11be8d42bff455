import type { MediaAsk, MissHandler } from '../../ports/media-store.js';
import { assertMediaPrefix } from './key-rules.js';

interface Production {
  done: Promise<boolean>;
  /** Aborts the handler once every caller waiting on it went away. */
  abort: AbortController;
  /** Callers still waiting that could go away (a caller without a signal never does). */
  abortable: number;
  patient: boolean;
}

/**
 * The miss handlers of one store (MediaStore.onMiss), shared by its adapters: the handler of the longest
 * prefix that matches a missing key may produce it; concurrent misses of one key share one call, so a
 * picture asked for by ten readers at once is drawn once. The call is aborted only when every caller
 * waiting on it has gone away.
 */
export class MissHandlers {
  private readonly handlers: { prefix: string; handler: MissHandler }[] = [];
  private readonly running = new Map<string, Production>();

  add(prefix: string, handler: MissHandler): void {
    assertMediaPrefix(prefix);
    // Two producers of one prefix is a wiring mistake: which one runs would depend on the order.
    if (this.handlers.some((h) => h.prefix === prefix))
      throw new Error(`a miss handler for '${prefix}' is already registered`);
    this.handlers.push({ prefix, handler });
    this.handlers.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  /**
   * Runs `look`; when the object is missing, lets a miss handler produce it and looks once more: what
   * every adapter's head, read and readAll do (ports/media-store.ts), so they treat misses alike.
   */
  async lookOrProduce<T>(key: string, ask: MediaAsk, look: () => Promise<T | null>): Promise<T | null> {
    const found = await look();
    if (found !== null) return found;
    if (!(await this.produce(key, ask))) return null;
    return look();
  }

  /**
   * Resolves true when a handler says it produced `key` (the caller then looks again), false when no
   * handler covers it or the handler had nothing to make. The first caller's requester is the one the
   * handler sees (concurrent misses of one key share one production). Rejects with the handler's error, or with the
   * signal's reason when this caller's signal aborts first.
   */
  async produce(key: string, { signal, requester }: MediaAsk = {}): Promise<boolean> {
    const entry = this.handlers.find((h) => key.startsWith(h.prefix));
    if (!entry) return false;
    signal?.throwIfAborted();
    let p = this.running.get(key);
    if (!p) {
      const abort = new AbortController();
      const started: Production = {
        abort,
        abortable: 0,
        patient: false,
        // Deferred a turn, so a handler that answers synchronously still leaves the map consistent.
        done: Promise.resolve()
          .then(() => entry.handler(key, { signal: abort.signal, requester }))
          .finally(() => this.running.delete(key)),
      };
      this.running.set(key, started);
      p = started;
    }
    if (!signal) {
      p.patient = true;
      return p.done;
    }
    const production = p;
    production.abortable++;
    return new Promise<boolean>((resolve, reject) => {
      const onAbort = () => {
        production.abortable--;
        if (production.abortable === 0 && !production.patient) production.abort.abort(signal.reason);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      production.done.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          resolve(v);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(err as Error);
        },
      );
    });
  }
}
