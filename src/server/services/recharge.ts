import type { Kysely } from 'kysely';
import type { AppType, PayConfig, PaySubType, RechargeData } from '../../contract/index.js';
import type { DB } from '../db/schema.js';
import type { PayProvider } from '../ports/pay-provider.js';
import type { ProviderRegistry } from '../ports/providers.js';
import { getUserInfo } from './user-info.js';

const yn = (v: number) => (v ? 'Y' : 'N');

export async function payConfigs(db: Kysely<DB>): Promise<PayConfig[]> {
  const rows = await db
    .selectFrom('pay_configs')
    .selectAll()
    .where('enabled', '=', 1)
    .where('type', 'in', ['coin', 'vip'])
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as PayConfig['type'],
    amountLevel: r.amount_level,
    itemCount: r.item_count,
    presentCount: r.present_count,
    title: r.title,
    configDesc: r.config_desc,
    isDefault: yn(r.is_default),
    isRecommend: yn(r.is_recommend),
    vipDays: r.vip_days,
  }));
}

const SUPERIOR = new Set(['alipay', 'wechat_pay', 'bank']);
const INITIATOR = new Set(['wap_pay', 'app']);

/** The built-in provider: its channels stand in for real providers that are not configured. */
const SANDBOX = 'sandbox';

/**
 * Enabled channels offered to this app type (app_types is a comma list) whose provider is configured
 * (a channel of another provider could not be paid); an empty list is valid. A sandbox channel stands
 * in for a real one only: where a configured real provider offers the same kind (superior and
 * initiator code), the payer sees the real channel alone, never 支付宝 twice.
 */
export async function paySubTypes(
  db: Kysely<DB>,
  appType: AppType,
  providers: ProviderRegistry<PayProvider>,
): Promise<PaySubType[]> {
  const rows = await db
    .selectFrom('pay_channels')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows
    .filter((r) =>
      r.app_types
        .split(',')
        .map((s) => s.trim())
        .includes(appType),
    )
    .filter((r) => SUPERIOR.has(r.superior_code) && INITIATOR.has(r.initiator_code))
    .filter((r) => providers.get(r.provider) !== undefined)
    .filter((r, _i, offered) => {
      if (r.provider !== SANDBOX) return true;
      const kind = (c: typeof r) => `${c.superior_code}/${c.initiator_code}`;
      return !offered.some((o) => o.provider !== SANDBOX && kind(o) === kind(r));
    })
    .map((r) => ({
      subTypeCode: r.sub_type_code,
      superiorCode: r.superior_code as PaySubType['superiorCode'],
      initiatorCode: r.initiator_code as PaySubType['initiatorCode'],
      subTypeDesc: r.sub_type_desc,
      discount: r.discount,
    }));
}

/** The top-up page: packages, channels for the caller's app type, and the caller's info. */
export async function rechargeData(
  db: Kysely<DB>,
  providers: ProviderRegistry<PayProvider>,
  userId: number,
  appType: AppType,
  now: Date,
): Promise<RechargeData> {
  const [configs, subTypes, userInfo] = await Promise.all([
    payConfigs(db),
    paySubTypes(db, appType, providers),
    getUserInfo(db, userId, now),
  ]);
  return { userInfo, payConfigs: configs, subTypes, availableAmount: userInfo.avaliableAmount };
}
