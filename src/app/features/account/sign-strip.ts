import { SIGN_CYCLE_DAYS, type DailySignConfig } from '../../../contract';

export interface SignDay {
  day: number;
  coins: number;
  signed: boolean;
  /** The day today's sign-in earns (or earned). */
  current: boolean;
}

/** Coins per day of the cycle from a comma list; missing or bad entries count 0. */
export function parseSignAmounts(list: string): number[] {
  const values = list.split(',').map((v) => Number(v.trim()));
  return Array.from({ length: SIGN_CYCLE_DAYS }, (_, i) => {
    const v = values[i];
    return v !== undefined && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;
  });
}

/** The 7-day strip: VIP users see the VIP list; days before today's are done, today's is current. */
export function signStrip(config: DailySignConfig, vip: boolean): SignDay[] {
  const coins = parseSignAmounts(vip ? config.vipSignAmounts : config.signAmounts);
  const current = config.signedToday ? config.selectSignDay : config.currentSignDay;
  return coins.map((c, i) => {
    const day = i + 1;
    return {
      day,
      coins: c,
      signed: day < current || (config.signedToday && day === current),
      current: day === current,
    };
  });
}

/** The config after a successful sign-in: today's day is done and the next one is current. */
export function afterSign(
  config: DailySignConfig,
  data: { receiveCount: number; currentSignDay: number; signedDay?: number },
): DailySignConfig {
  const signedDay = data.signedDay ?? config.currentSignDay;
  return {
    ...config,
    signedToday: true,
    selectSignDay: signedDay,
    currentSignDay: data.currentSignDay,
    receiveCount: data.receiveCount,
  };
}
