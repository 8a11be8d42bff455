/**
 * A missing object that could be produced, but not now for this asker (it has too many of its own
 * waiting): a producer (ports/media-store.ts MissHandler) rejects with it, HTTP answers 503 with
 * Retry-After, and the client asks again later.
 */
export class MediaBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('media is being produced for this asker already');
  }
}
