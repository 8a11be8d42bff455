import { FEN_PER_YUAN, type PayConfig, type PaySubType, PayChannelBadge } from '../../../contract';

/** Prices are in fen and shown in yuan: 3000 → "30", 990 → "9.9", 1 → "0.01". */
export function formatYuan(fen: number): string {
  const yuan = fen / FEN_PER_YUAN;
  return Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2).replace(/0$/, '');
}

export interface Packages {
  coin: PayConfig[];
  vip: PayConfig[];
}

/** Coin and VIP packages in the server's order. */
export function splitPackages(configs: PayConfig[]): Packages {
  return { coin: configs.filter((c) => c.type === 'coin'), vip: configs.filter((c) => c.type === 'vip') };
}

/** The package selected when the page opens: the coin default, else any default, else the first. */
export function defaultPackage(configs: PayConfig[]): PayConfig | undefined {
  return (
    configs.find((c) => c.type === 'coin' && c.isDefault === 'Y') ??
    configs.find((c) => c.isDefault === 'Y') ??
    configs[0]
  );
}

/** What the payer is charged after a channel discount (1 or 0 means none), in fen. */
export function discounted(fen: number, discount: number): number {
  return discount > 0 && discount < 1 ? Math.round(fen * discount) : fen;
}

export const SUPERIOR_ICON: Record<PaySubType['superiorCode'], string> = PayChannelBadge;
