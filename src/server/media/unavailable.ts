/**
 * The media store could not be reached or refused us (connection refused or timed out, a 5xx, a
 * credential or bucket it does not accept): a fault of the store, not of the key. An adapter throws it
 * instead of the transport's own error so the serving path can answer 503 with Retry-After (the store
 * may come back) and the rest of the API keeps answering; the message never carries credentials.
 */
export class MediaUnavailableError extends Error {
  override name = 'MediaUnavailableError';
  /** Seconds a client should wait before asking again. */
  readonly retryAfterSeconds = 5;

  constructor(what: string, options?: { cause?: unknown }) {
    super(`media store unavailable: ${what}`, options);
  }
}
