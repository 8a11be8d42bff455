/** The one-character badge of a pay channel's superior (spec §2 purchase). */
export const PayChannelBadge = {
  alipay: '支',
  wechat_pay: '微',
  bank: '银',
} as const;
