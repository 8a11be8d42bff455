import type { Insertable, Kysely } from 'kysely';
import { FEN_PER_YUAN } from '../../../contract/index.js';
import type { DB, PayConfigsTable } from '../../db/schema.js';
import { DEFAULT_SIGN_AMOUNTS, DEFAULT_VIP_SIGN_AMOUNTS, saveSignAmounts } from '../signin.js';

/** A pay_configs row as seeded; sort and enabled are added on insert. */
type SeedConfig = Omit<Insertable<PayConfigsTable>, 'sort' | 'enabled'> & { type: 'coin' | 'vip' };

const coin = (
  yuan: number,
  coins: number,
  bonus: number,
  flags: { def?: boolean; rec?: boolean } = {},
): SeedConfig => ({
  type: 'coin',
  amount_level: yuan * FEN_PER_YUAN,
  item_count: coins,
  present_count: bonus,
  title: `${coins}金币`,
  config_desc: bonus > 0 ? `充${yuan}元得${coins}金币，加送${bonus}金币` : `充${yuan}元得${coins}金币`,
  is_default: flags.def ? 1 : 0,
  is_recommend: flags.rec ? 1 : 0,
  vip_type: 'none',
  vip_days: 0,
});

const vip = (
  yuan: number,
  vipType: string,
  days: number,
  title: string,
  desc: string,
  rec = false,
): SeedConfig => ({
  type: 'vip',
  amount_level: yuan * FEN_PER_YUAN,
  item_count: 0,
  present_count: 0,
  title,
  config_desc: desc,
  is_default: 0,
  is_recommend: rec ? 1 : 0,
  vip_type: vipType,
  vip_days: days,
});

export const DEMO_PAY_CONFIGS: SeedConfig[] = [
  coin(6, 60, 0),
  coin(30, 300, 30, { rec: true }),
  coin(50, 500, 80, { def: true }),
  coin(100, 1000, 200),
  vip(30, 'month', 30, '月度VIP', '30天全站漫画免费看，签到金币翻倍'),
  vip(68, 'quarter', 90, '季度VIP', '90天全站漫画免费看，签到金币翻倍', true),
  vip(198, 'year', 365, '年度VIP', '365天全站漫画免费看，签到金币翻倍'),
];

const WAP = 'wap_browser,ios_desk,other';
export const DEMO_PAY_CHANNELS = [
  {
    sub_type_code: 'alipay_wap',
    superior_code: 'alipay',
    initiator_code: 'wap_pay',
    sub_type_desc: '支付宝',
    app_types: WAP,
  },
  {
    sub_type_code: 'wechat_wap',
    superior_code: 'wechat_pay',
    initiator_code: 'wap_pay',
    sub_type_desc: '微信支付',
    app_types: WAP,
  },
  {
    sub_type_code: 'bank_wap',
    superior_code: 'bank',
    initiator_code: 'wap_pay',
    sub_type_desc: '银行卡',
    app_types: WAP,
  },
  {
    sub_type_code: 'alipay_app',
    superior_code: 'alipay',
    initiator_code: 'app',
    sub_type_desc: '支付宝',
    app_types: 'shell',
  },
  {
    sub_type_code: 'wechat_app',
    superior_code: 'wechat_pay',
    initiator_code: 'app',
    sub_type_desc: '微信支付',
    app_types: 'shell',
  },
];

/**
 * The channel each real provider brings (spec §6 pay subtype: superior alipay / wechat_pay, initiator
 * wap_pay): mobile web checkout for browsers. The native shell's app pay is not offered by them.
 */
export const PROVIDER_CHANNELS: Readonly<Record<string, readonly (typeof DEMO_PAY_CHANNELS)[number][]>> = {
  alipay: [
    {
      sub_type_code: 'alipay_quick_wap',
      superior_code: 'alipay',
      initiator_code: 'wap_pay',
      sub_type_desc: '支付宝',
      app_types: WAP,
    },
  ],
  wechat: [
    {
      sub_type_code: 'wechat_h5',
      superior_code: 'wechat_pay',
      initiator_code: 'wap_pay',
      sub_type_desc: '微信支付',
      app_types: WAP,
    },
  ],
};

/**
 * Each configured real provider's channel, added when missing (on every start, so configuring a
 * provider later is enough to offer it). A row the operator changed or disabled stays as it is.
 */
export async function ensureProviderChannels(db: Kysely<DB>, providers: readonly string[]): Promise<void> {
  for (const provider of providers) {
    const channels = Object.hasOwn(PROVIDER_CHANNELS, provider) ? PROVIDER_CHANNELS[provider]! : [];
    for (const ch of channels) {
      await db
        .insertInto('pay_channels')
        .values({ ...ch, discount: 1, provider, sort: 0, enabled: 1 })
        .onConflict((oc) => oc.column('sub_type_code').doNothing())
        .execute();
    }
  }
}

/**
 * Demo pay data: coin and VIP packages, sandbox channels per app type and the sign-in amounts.
 * Idempotent: packages are only added to an empty table, channels and settings by unique key.
 */
export async function seedPayData(db: Kysely<DB>): Promise<void> {
  const existing = await db.selectFrom('pay_configs').select('id').limit(1).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('pay_configs')
      .values(DEMO_PAY_CONFIGS.map((c, i) => ({ ...c, sort: i + 1, enabled: 1 })))
      .execute();
  }
  for (const [i, ch] of DEMO_PAY_CHANNELS.entries()) {
    await db
      .insertInto('pay_channels')
      .values({ ...ch, discount: 1, provider: 'sandbox', sort: i + 1, enabled: 1 })
      .onConflict((oc) => oc.column('sub_type_code').doNothing())
      .execute();
  }
  await saveSignAmounts(db, { signAmounts: DEFAULT_SIGN_AMOUNTS, vipSignAmounts: DEFAULT_VIP_SIGN_AMOUNTS });
}

/**
 * A new install's price list, pay channels and sign-in rewards (whether or not the demo runs): written
 * when there are neither packages nor channels yet, so an operator's later changes are never undone.
 */
export async function seedPayDefaultsIfNew(db: Kysely<DB>): Promise<boolean> {
  const [config, channel] = await Promise.all([
    db.selectFrom('pay_configs').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('pay_channels').select('sub_type_code').limit(1).executeTakeFirst(),
  ]);
  if (config || channel) return false;
  await seedPayData(db);
  return true;
}
