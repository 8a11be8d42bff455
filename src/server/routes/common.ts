import { z } from 'zod';
import { Api, CommonInfo, ReportBody, ReportPageText } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { route } from '../http/endpoint-route.js';
import { RateLimits } from '../http/rate-limits.js';
import { ok } from '../http/reply.js';
import { renderReportPage } from '../http/report-page.js';
import { safeReturnUrl, safeServiceUrl } from '../http/safe-urls.js';
import { recordContact } from '../services/accounts.js';

/** Common info (support contacts) and the problem report page. */
export const commonRoutes: RouteModule = (app, ctx) => {
  const s = ctx.config.support;
  const info: CommonInfo = {
    appDownloadUrl: s.appDownloadUrl,
    customerServiceEmail: s.email,
    customerServiceQQ: s.qq,
    chatUrl: s.chatUrl,
    complaintUrl: s.complaintUrl,
  };

  route(app, 'commonInfo', async (_request, reply) => {
    // Same answer for every branch today; the path keeps the branch so it can differ later.
    reply.header('cache-control', 'public, max-age=300');
    return ok(info);
  });

  const originOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
  // The report page's links: back to this site only; support only to what is configured. The form
  // carries the checked values on, so a refused link never reappears in the page.
  const links = (origin: string, rawReturn: string | undefined, rawService: string | undefined) => {
    const returnUrl = safeReturnUrl(rawReturn, [origin], '/home');
    const serviceUrl = safeServiceUrl(rawService, origin, [s.chatUrl, s.complaintUrl]);
    return { returnUrl, serviceUrl, rawReturnUrl: returnUrl, rawServiceUrl: serviceUrl ?? '' };
  };

  route(app, 'report', async (request, reply) => {
    const q = request.query;
    const origin = originOf(request);
    const html = renderReportPage({
      ...links(origin, q.returnUrl, q.serviceUrl),
      account: q.account ?? '',
      sent: q.sent === '1',
      error: null,
    });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  // The form posts back here; a bad form re-renders with a message rather than a JSON 400.
  route(
    app,
    'reportSend',
    { schema: { body: z.unknown() }, config: { rateLimit: RateLimits.report } },
    async (request, reply) => {
      const origin = originOf(request);
      const parsed = ReportBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
        const html = renderReportPage({
          ...links(origin, str(raw.returnUrl, 2000), str(raw.serviceUrl, 2000)),
          account: str(raw.account, 64),
          sent: false,
          error: ReportPageText.enterMessage,
          values: {
            reason: str(raw.reason, 32),
            message: str(raw.message, 500),
            contact: str(raw.contact, 64),
          },
        });
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html);
      }
      const b = parsed.data;
      await recordContact(ctx.db, {
        userId: request.user?.id ?? null,
        visitorId: null,
        contactType: 'report',
        // The contacts table has one free-text column: the report is kept there as JSON.
        contactPosition: JSON.stringify({
          reason: b.reason,
          message: b.message,
          contact: b.contact,
          account: b.account,
        }),
      });
      const next = new URLSearchParams({ sent: '1' });
      if (b.returnUrl) next.set('returnUrl', b.returnUrl);
      if (b.serviceUrl) next.set('serviceUrl', b.serviceUrl);
      return reply.redirect(`${Api.report}?${next.toString()}`, 303);
    },
  );
};
