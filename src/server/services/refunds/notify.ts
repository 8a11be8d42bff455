import type { NotifyAnswer, NotifyRequest } from '../../ports/pay-provider.js';
import { logNotification } from '../pay/settle.js';
import { applyProviderWord, type RefundDeps } from './request.js';

export type RefundNotifyOutcome = 'settled' | 'failed' | 'duplicate' | 'rejected';

/**
 * A provider's notification about a refund, handled like a payment notification: verified by the
 * provider (signature and fields), then matched against our refund (same number, order, provider and
 * amount), then acted on through the same once-only steps as a refund call (settle or fail; a copy
 * changes nothing). Acknowledged only after that committed; anything unverified or unmatched is refused
 * (and logged when it names one of our refunds).
 */
export async function handleRefundNotify(
  deps: RefundDeps,
  providerName: string,
  request: NotifyRequest,
): Promise<NotifyAnswer & { outcome: RefundNotifyOutcome; detail?: string }> {
  const { db } = deps;
  const now = deps.clock.now();
  const provider = deps.providers.get(providerName);
  if (!provider?.verifyRefundNotify)
    return { status: 404, body: 'fail', outcome: 'rejected', detail: 'no refund notify' };
  const verified = await provider.verifyRefundNotify(request);
  const refuse = async (
    outTradeNo: string | null,
    notifyId: string | null,
    detail: string,
    ours: boolean,
  ) => {
    if (ours)
      await logNotification(db, {
        provider: providerName,
        outTradeNo,
        notifyId,
        outcome: 'rejected',
        detail,
        at: now,
      });
    return { ...provider.refuse(), outcome: 'rejected' as const, detail };
  };
  if (!verified.ok) {
    const ours =
      verified.outTradeNo !== null &&
      (await db
        .selectFrom('refunds')
        .select('id')
        .where('out_trade_no', '=', verified.outTradeNo)
        .where('provider', '=', providerName)
        .executeTakeFirst()) !== undefined;
    return refuse(verified.outTradeNo, verified.notifyId, `refund notify: ${verified.reason}`, ours);
  }
  const refund = await db
    .selectFrom('refunds')
    .selectAll()
    .where('refund_no', '=', verified.refundNo)
    .executeTakeFirst();
  if (!refund || refund.out_trade_no !== verified.outTradeNo || refund.provider !== providerName)
    return refuse(
      verified.outTradeNo,
      verified.notifyId,
      'refund notify: unknown refund',
      refund !== undefined,
    );
  if (verified.amount !== refund.amount)
    return refuse(
      verified.outTradeNo,
      verified.notifyId,
      `refund notify: amount ${verified.amount} != refund ${refund.amount}`,
      true,
    );
  const wasOpen = refund.status === 'REQUESTED' || refund.status === 'PROCESSING';
  if (wasOpen)
    await applyProviderWord(
      deps,
      refund,
      {
        status: verified.status,
        amount: verified.amount,
        ...(verified.reason ? { reason: verified.reason } : {}),
      },
      now,
    );
  const after = await db
    .selectFrom('refunds')
    .select('status')
    .where('refund_no', '=', refund.refund_no)
    .executeTakeFirstOrThrow();
  const changed = wasOpen && after.status !== refund.status;
  const outcome: RefundNotifyOutcome = !changed
    ? 'duplicate'
    : after.status === 'SUCCESS'
      ? 'settled'
      : after.status === 'FAILED'
        ? 'failed'
        : 'duplicate';
  await logNotification(db, {
    provider: providerName,
    outTradeNo: refund.out_trade_no,
    notifyId: verified.notifyId,
    outcome:
      outcome === 'duplicate' ? 'duplicate' : outcome === 'settled' ? 'refund_settled' : 'refund_failed',
    detail: `refund ${refund.refund_no} ${verified.status} ${verified.amount} → ${after.status}`,
    at: now,
  });
  return { ...provider.acknowledge(), outcome };
}
