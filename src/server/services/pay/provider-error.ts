/**
 * A provider call that failed (network, 5xx, an answer whose signature did not verify). Adapters throw
 * this instead of the SDK's own error, whose request config carries our key objects and signed headers:
 * only a short, key-free description travels on to logs.
 */
export class ProviderCallError extends Error {
  override name = 'ProviderCallError';
  constructor(
    readonly provider: string,
    readonly operation: string,
    detail: string,
  ) {
    super(`${provider} ${operation}: ${detail}`.slice(0, 300));
  }
}

/** A key-free line about an SDK error: its code, HTTP status and the provider's own code/message. */
export function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err).slice(0, 200);
  const e = err as Error & {
    code?: unknown;
    responseHttpStatus?: unknown;
    response?: { status?: unknown; data?: unknown };
  };
  const parts = [typeof e.code === 'string' ? e.code : null];
  const status = e.response?.status ?? e.responseHttpStatus;
  if (typeof status === 'number') parts.push(`HTTP ${status}`);
  const data = e.response?.data as { code?: unknown; message?: unknown } | undefined;
  if (data && typeof data === 'object' && typeof data.code === 'string')
    parts.push(`${data.code} ${typeof data.message === 'string' ? data.message : ''}`.trim());
  else parts.push(e.message.split('\n')[0]!.slice(0, 160));
  return parts.filter(Boolean).join(' · ');
}
