import type { AddressInfo } from 'node:net';
import type { App } from '../context.js';

/** This service's own URL (the sandbox posts its notifications there): PUBLIC_URL, else where it listens. */
export function ownBaseUrl(app: App, publicUrl: string): string | null {
  if (publicUrl) return publicUrl;
  const addr = app.server.address() as AddressInfo | string | null;
  if (!addr || typeof addr === 'string') return null;
  const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
}
