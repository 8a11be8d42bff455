import { z } from 'zod';
import {
  Api,
  BranchParams,
  CommonInfo,
  ReportBody,
  ReportPageText,
  ReportQuery,
  envelope,
} from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { RateLimits } from '../http/rate-limits.js';
import { ok } from '../http/reply.js';
import { renderReportPage, safeReturnUrl, safeServiceUrl } from '../http/report-page.js';
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

  app.get(
    Api.commonInfo,
    { schema: { params: BranchParams, response: { 200: envelope(CommonInfo) } } },
    async (_request, reply) => {
      // Same answer for every branch today; the path keeps the branch so it can differ later.
      reply.header('cache-control', 'public, max-age=300');
      return ok(info);
    },
  );

  const originOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

  app.get(Api.report, { schema: { querystring: ReportQuery } }, async (request, reply) => {
    const q = request.query;
    const origin = originOf(request);
    const html = renderReportPage({
      returnUrl: safeReturnUrl(q.returnUrl, origin),
      serviceUrl: safeServiceUrl(q.serviceUrl, origin),
      rawReturnUrl: q.returnUrl ?? '',
      rawServiceUrl: q.serviceUrl ?? '',
      account: q.account ?? '',
      sent: q.sent === '1',
      error: null,
    });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  // The form posts back here; a bad form re-renders with a message rather than a JSON 400.
  app.post(
    Api.report,
    { schema: { body: z.unknown() }, config: { rateLimit: RateLimits.report } },
    async (request, reply) => {
      const origin = originOf(request);
      const parsed = ReportBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
        const html = renderReportPage({
          returnUrl: safeReturnUrl(str(raw.returnUrl, 2000), origin),
          serviceUrl: safeServiceUrl(str(raw.serviceUrl, 2000), origin),
          rawReturnUrl: str(raw.returnUrl, 2000),
          rawServiceUrl: str(raw.serviceUrl, 2000),
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
