import QRCode from 'qrcode';
import { z } from 'zod';
import { Msg } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { fail } from '../http/reply.js';

const QrQuery = z.object({ u: z.string().min(1).max(500) });

/** The link a QR code may carry: http(s) on this very site only, so the route is no free QR service. */
export function qrTarget(u: string, host: string): string | null {
  try {
    const url = new URL(u);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host === host ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * GET /qr.svg?u=… — the desktop page's QR code of the mobile site. "This site" is PUBLIC_URL's host
 * when set; else the Host the caller sent, which then keys any shared cache (Vary), so a code asked
 * for under a forged Host is never served to callers of the real one.
 */
export const qrRoutes: RouteModule = (app, ctx) => {
  const publicHost = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).host : null;
  app.get('/qr.svg', { schema: { querystring: QrQuery } }, async (request, reply) => {
    const target = qrTarget(request.query.u, publicHost ?? request.host);
    if (!target) return reply.code(400).send(fail(400, Msg.badRequest));
    const svg = await QRCode.toString(target, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    if (!publicHost) reply.header('vary', 'Host');
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });
};
