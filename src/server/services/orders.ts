import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  Msg,
  ORDER_EXPIRY_MS,
  type PayApplyQuery,
  type PayBody,
  type PayData,
} from '../../contract/index.js';
import { originOfHost, type Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { readJsonColumn } from '../db/json-column.js';
import type { Clock } from '../ports/clock.js';
import { shanghaiDay } from './shanghai-day.js';
import type { NotifyAnswer, NotifyRequest, PayProvider, ProviderPayment } from '../ports/pay-provider.js';
import type { ProviderRegistry } from '../ports/providers.js';
import { recordMismatch } from './pay/mismatches.js';
import { logNotification, settlePaid, type NotifyOutcome } from './pay/settle.js';
import { applyTicket, verifyApplyTicket } from './pay/ticket.js';

/** Bad pay input: the route answers HTTP 400 with this message. */
export class PayInputError extends Error {}

/**
 * The provider could not open the payment (outage, timeout, an answer that did not verify): the route
 * answers 503 with 该支付通道暂不可用 and logs `reason` (key-free). The order stays unpaid and the
 * expiry sweep closes it like any abandoned one.
 */
export class PayProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(Msg.payChannelUnavailable);
  }
}

export interface OrderDeps {
  db: Kysely<DB>;
  config: Config;
  /** The configured pay providers: a channel whose provider is not among them cannot be paid. */
  providers: ProviderRegistry<PayProvider>;
  /** Order windows, apply links and settlement read "now" from here. */
  clock: Clock;
}

export interface CreateOrderInput {
  userId: number;
  deviceId: string | null;
  body: z.infer<typeof PayBody>;
  /** Where the cashier sends the user back: already checked to stay on this site (http/safe-urls.ts). */
  returnUrl: string;
  /** The branch the app is on (its branch header; 0 without one: the user's own branch then). */
  branchId: number;
  /** Base URL of the API that took the order (the apply URL's api url). */
  apiUrl: string;
  /** Host the caller used: the source domain when the user registered without one. */
  host: string;
  /** The caller's address (trustProxy applied): a provider may need it (WeChat Pay H5). */
  payerIp?: string;
}

const StoredPayData = z.object({
  payUrl: z.string().nullable(),
  appPayData: z.record(z.string(), z.string()).nullable(),
});

function newOutTradeNo(now: Date): string {
  return `IR${shanghaiDay(now).replaceAll('-', '')}${randomBytes(12).toString('hex')}`;
}

/**
 * Opens a recharge order: the channel must be enabled for the app type, the package must exist for the
 * purpose, and the amount must be the package's price. The provider then opens its side.
 */
export async function createOrder(deps: OrderDeps, input: CreateOrderInput): Promise<PayData> {
  const now = deps.clock.now();
  const { db, config, providers } = deps;
  const { body } = input;
  const channel = await db
    .selectFrom('pay_channels')
    .selectAll()
    .where('sub_type_code', '=', body.payChannel)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  const appTypes = channel?.app_types.split(',').map((s) => s.trim()) ?? [];
  if (!channel || !appTypes.includes(body.appType)) throw new PayInputError(Msg.payChannelUnavailable);
  const initiator = channel.initiator_code === 'app' ? 'app' : 'wap_pay';
  const provider = providers.get(channel.provider);
  if (!provider) throw new PayInputError(Msg.payChannelUnavailable);
  const payConfig = await db
    .selectFrom('pay_configs')
    .selectAll()
    .where('id', '=', body.payPurposeId)
    .where('type', '=', body.payPurpose)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!payConfig) throw new PayInputError(Msg.payConfigNotFound);
  if (body.rechargerAmount !== payConfig.amount_level) throw new PayInputError(Msg.payAmountMismatch);

  const outTradeNo = newOutTradeNo(now);
  const expireAt = new Date(now.getTime() + ORDER_EXPIRY_MS).toISOString();
  const { returnUrl } = input;
  await db
    .insertInto('recharge_orders')
    .values({
      out_trade_no: outTradeNo,
      user_id: input.userId,
      device_id: input.deviceId,
      pay_config_id: payConfig.id,
      pay_channel: channel.sub_type_code,
      purpose: payConfig.type,
      amount: payConfig.amount_level,
      status: 'CREATED',
      provider: channel.provider,
      provider_trade_no: null,
      return_url: returnUrl,
      created_at: now.toISOString(),
      expire_at: expireAt,
      paid_at: null,
      charge_day: null,
    })
    .execute();
  let created: ProviderPayment;
  try {
    created = await provider.create({
      outTradeNo,
      amount: payConfig.amount_level,
      subject: payConfig.title,
      channel: {
        subTypeCode: channel.sub_type_code,
        superiorCode: channel.superior_code,
        initiatorCode: initiator,
      },
      expireAt,
      returnUrl,
      ...(input.payerIp ? { payerIp: input.payerIp } : {}),
    });
  } catch (err) {
    throw new PayProviderUnavailable(channel.provider, err instanceof Error ? err.message : String(err));
  }
  await db
    .updateTable('recharge_orders')
    .set({
      provider_trade_no: created.providerTradeNo,
      pay_data: JSON.stringify({ payUrl: created.payUrl, appPayData: created.appPayData }),
    })
    .where('out_trade_no', '=', outTradeNo)
    .execute();

  const user = await db
    .selectFrom('users')
    .select(['branch_id', 'from_domain'])
    .where('id', '=', input.userId)
    .executeTakeFirstOrThrow();
  // The query of spec §7 (payment application), every field under the ticket.
  const signed = {
    orderNo: outTradeNo,
    userId: input.userId,
    expires: Date.parse(expireAt),
    branchId: input.branchId || user.branch_id,
    fromDomain: user.from_domain || input.host,
    returnUrl,
    apiUrl: input.apiUrl,
  };
  const apply = new URLSearchParams({
    rechargerAmount: String(body.rechargerAmount),
    payPurposeId: String(body.payPurposeId),
    payChannel: body.payChannel,
    payPurpose: body.payPurpose,
    userId: String(signed.userId),
    branchId: String(signed.branchId),
    fromDomain: signed.fromDomain,
    appType: body.appType,
    returnUrl: signed.returnUrl,
    apiUrl: signed.apiUrl,
    orderNo: outTradeNo,
    expires: String(signed.expires),
    ticket: applyTicket(config.paySecret, signed),
  });
  // Spec §7: the payment application is a GET on the dynamic host, when one is configured.
  const applyBase = originOfHost(config.dynamicHost) ?? config.publicUrl;
  return {
    orderNo: outTradeNo,
    initiatorCode: initiator,
    payUrl: created.payUrl,
    appPayData: created.appPayData,
    expireAt,
    applyUrl: `${applyBase}/h5/pay/apply?${apply.toString()}`,
  };
}

export type ApplyResult = { initiator: 'wap_pay'; payUrl: string } | { initiator: 'app'; data: PayData };

/**
 * /h5/pay/apply: the signed URL from createOrder, once, before the order expires, with fields matching
 * the order. wap_pay answers the cashier URL to redirect to; app answers the app-pay data.
 */
export async function applyOrder(deps: OrderDeps, q: z.infer<typeof PayApplyQuery>): Promise<ApplyResult> {
  const now = deps.clock.now();
  const { db, config } = deps;
  const invalid = () => new PayInputError(Msg.payLinkInvalid);
  if (
    !verifyApplyTicket(config.paySecret, {
      orderNo: q.orderNo,
      userId: q.userId,
      expires: q.expires,
      branchId: q.branchId,
      fromDomain: q.fromDomain,
      returnUrl: q.returnUrl,
      apiUrl: q.apiUrl,
      ticket: q.ticket,
    })
  )
    throw invalid();
  const order = await db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('out_trade_no', '=', q.orderNo)
    .executeTakeFirst();
  if (!order || order.user_id !== q.userId || Date.parse(order.expire_at) !== q.expires) throw invalid();
  if (q.expires <= now.getTime()) throw new PayInputError(Msg.orderExpired);
  if (order.status === 'PAID') throw new PayInputError(Msg.orderPaid);
  if (order.status === 'EXPIRED') throw new PayInputError(Msg.orderClosed);
  if (
    order.amount !== q.rechargerAmount ||
    order.pay_config_id !== q.payPurposeId ||
    order.pay_channel !== q.payChannel ||
    order.purpose !== q.payPurpose
  )
    throw new PayInputError(Msg.payAmountMismatch);
  const used = await db
    .updateTable('recharge_orders')
    .set({ applied_at: now.toISOString() })
    .where('out_trade_no', '=', q.orderNo)
    .where('applied_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw invalid();
  const stored = readJsonColumn(order.pay_data, StoredPayData);
  if (!stored) throw invalid();
  if (stored.payUrl) return { initiator: 'wap_pay', payUrl: stored.payUrl };
  return {
    initiator: 'app',
    data: {
      orderNo: order.out_trade_no,
      initiatorCode: 'app',
      payUrl: null,
      appPayData: stored.appPayData,
      expireAt: order.expire_at,
    },
  };
}

/**
 * A provider's asynchronous notification. Verified (signature, then amount against our order), then
 * settled by settlePaid, the same once-only transaction the expiry sweep uses. The acknowledgement goes
 * out only after the commit. A notification after the window of an order still open credits (logged
 * 'late'); one for an order the sweep had closed is recorded for reconciliation and not credited
 * ('uncredited', see settlePaid).
 */
export async function handleNotify(
  deps: OrderDeps,
  providerName: string,
  request: NotifyRequest,
): Promise<NotifyAnswer & { outcome: NotifyOutcome; detail?: string }> {
  const now = deps.clock.now();
  const { db, providers } = deps;
  const provider = providers.get(providerName);
  if (!provider) return { status: 404, body: 'fail', outcome: 'rejected' };
  const verified = await provider.verifyNotify(request);
  const rejected = (detail: string) => ({ ...provider.refuse(), outcome: 'rejected' as const, detail });
  const refuse = async (outTradeNo: string | null, notifyId: string | null, detail: string) => {
    await logNotification(db, {
      provider: providerName,
      outTradeNo,
      notifyId,
      outcome: 'rejected',
      detail,
      at: now,
    });
    return rejected(detail);
  };
  if (!verified.ok && verified.acknowledge) {
    // Signed by the provider, so bounded: kept for the audit, acknowledged, nothing credited.
    await logNotification(db, {
      provider: providerName,
      outTradeNo: verified.outTradeNo,
      notifyId: verified.notifyId,
      outcome: 'ignored',
      detail: verified.reason,
      at: now,
    });
    // A trade closed after we credited it was refunded in full at the provider; unless we asked for
    // all of it, the money went back past our ledger (its console, a dispute). Reconciliation asks
    // only about the last day's orders, so this notice may be the only word: recorded for a person.
    const credited =
      verified.outTradeNo === null
        ? undefined
        : await db
            .selectFrom('recharge_orders')
            .select(['amount', 'status', 'paid_at'])
            .where('out_trade_no', '=', verified.outTradeNo)
            .where('provider', '=', providerName)
            .where('status', '=', 'PAID')
            .whereRef('refund_reserved', '<', 'amount')
            .executeTakeFirst();
    if (credited)
      await recordMismatch(db, {
        outTradeNo: verified.outTradeNo!,
        provider: providerName,
        kind: 'credited_not_paid',
        ourStatus: credited.status,
        ourAmount: credited.amount,
        providerStatus: 'CLOSED',
        providerAmount: null,
        source: 'notify',
        detail: `credited here (paid ${credited.paid_at ?? '?'}), provider reports it closed (${verified.reason}); never reversed automatically`,
        at: now,
      });
    return {
      ...provider.acknowledge(),
      outcome: 'ignored',
      detail: credited ? `${verified.reason}; credited here: recorded credited_not_paid` : verified.reason,
    };
  }
  if (!verified.ok) {
    // Kept in the table when it names one of our orders (a forged or damaged notice of a real
    // payment is worth an audit); junk naming no order is only refused, or anyone could grow the
    // table without bound by posting it.
    const ours =
      verified.outTradeNo !== null &&
      (await db
        .selectFrom('recharge_orders')
        .select('id')
        .where('out_trade_no', '=', verified.outTradeNo)
        .where('provider', '=', providerName)
        .executeTakeFirst()) !== undefined;
    return ours ? refuse(verified.outTradeNo, verified.notifyId, verified.reason) : rejected(verified.reason);
  }
  const order = await db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('out_trade_no', '=', verified.outTradeNo)
    .executeTakeFirst();
  if (!order || order.provider !== providerName)
    return refuse(verified.outTradeNo, verified.notifyId, 'unknown order');
  if (verified.amount !== order.amount)
    return refuse(
      verified.outTradeNo,
      verified.notifyId,
      `amount ${verified.amount} != order ${order.amount}`,
    );

  const outcome = await settlePaid(
    db,
    {
      provider: providerName,
      outTradeNo: order.out_trade_no,
      amount: verified.amount,
      providerTradeNo: verified.providerTradeNo,
      paidAt: verified.paidAt,
      notifyId: verified.notifyId,
      source: 'notify',
    },
    now,
  );
  return { ...provider.acknowledge(), outcome };
}
