import { describe, expect, it } from 'vitest';
import type { PayConfig, PayData } from '../../src/contract';
import {
  defaultPackage,
  discounted,
  formatYuan,
  splitPackages,
} from '../../src/app/features/purchase/packages';
import {
  flagIsFresh,
  isPayFlag,
  paymentArrived,
  type PayFlag,
} from '../../src/app/features/purchase/pay-flag';
import { payAction, safePayUrl } from '../../src/app/features/purchase/pay-start';
import { vipExpiryText } from '../../src/app/features/purchase/vip-text';

const pkg = (over: Partial<PayConfig>): PayConfig => ({
  id: 1,
  type: 'coin',
  amountLevel: 600,
  itemCount: 60,
  presentCount: 0,
  title: '60金币',
  configDesc: '',
  isDefault: 'N',
  isRecommend: 'N',
  vipDays: 0,
  ...over,
});

describe('packages', () => {
  it('shows fen divided by 100', () => {
    expect(formatYuan(3000)).toBe('30');
    expect(formatYuan(990)).toBe('9.9');
    expect(formatYuan(1)).toBe('0.01');
    expect(formatYuan(19800)).toBe('198');
  });
  it('splits coin and VIP packages and preselects the default', () => {
    const list = [
      pkg({ id: 1 }),
      pkg({ id: 2, isDefault: 'Y', amountLevel: 5000 }),
      pkg({ id: 3, type: 'vip', vipDays: 30 }),
    ];
    const { coin, vip } = splitPackages(list);
    expect(coin.map((c) => c.id)).toEqual([1, 2]);
    expect(vip.map((c) => c.id)).toEqual([3]);
    expect(defaultPackage(list)?.id).toBe(2);
    expect(defaultPackage([pkg({ id: 9 })])?.id).toBe(9);
    expect(defaultPackage([])).toBeUndefined();
  });
  it('applies a channel discount only when it is one', () => {
    expect(discounted(5000, 0.9)).toBe(4500);
    expect(discounted(5000, 1)).toBe(5000);
    expect(discounted(5000, 0)).toBe(5000);
  });
});

describe('starting a payment', () => {
  const data = (over: Partial<PayData>): PayData => ({
    orderNo: 'IR1',
    initiatorCode: 'wap_pay',
    payUrl: 'https://cashier.example/pay/1',
    appPayData: null,
    expireAt: '2026-11-22T00:02:00Z',
    applyUrl: '/h5/pay/apply?orderNo=IR1',
    ...over,
  });
  it('wap_pay redirects to the signed apply URL, or the cashier without one', () => {
    expect(payAction(data({}), 'wap_browser')).toEqual({
      kind: 'redirect',
      url: '/h5/pay/apply?orderNo=IR1',
    });
    expect(payAction(data({ applyUrl: undefined }), 'other')).toEqual({
      kind: 'redirect',
      url: 'https://cashier.example/pay/1',
    });
  });
  it('an iOS home-screen app pays inside the pay frame', () => {
    expect(payAction(data({}), 'ios_desk').kind).toBe('frame');
  });
  it('app channels start from the returned data, natively only in the shell', () => {
    const app = data({ initiatorCode: 'app', payUrl: null, appPayData: { prepayId: 'p1' } });
    expect(payAction(app, 'shell')).toEqual({ kind: 'app', data: { prepayId: 'p1' }, inShell: true });
    expect(payAction(app, 'wap_browser')).toEqual({ kind: 'app', data: { prepayId: 'p1' }, inShell: false });
    expect(payAction(data({ initiatorCode: 'app', appPayData: null }), 'shell')).toEqual({ kind: 'none' });
  });
  it('the pay frame shows only http(s) pages', () => {
    expect(safePayUrl('javascript:alert(1)', 'https://ink.example')).toBeNull();
    expect(safePayUrl('data:text/html,x', 'https://ink.example')).toBeNull();
    expect(safePayUrl(undefined, 'https://ink.example')).toBeNull();
    expect(safePayUrl('/h5/sandbox/cashier/SB1', 'https://ink.example')).toBe(
      'https://ink.example/h5/sandbox/cashier/SB1',
    );
  });
});

describe('pay flag', () => {
  const flag: PayFlag = { at: 1_000, purpose: 'coin', balance: 50, vipEndDate: null };
  it('is recognised and goes stale after a day', () => {
    expect(isPayFlag(flag)).toBe(true);
    expect(isPayFlag({ at: 'x' })).toBe(false);
    expect(isPayFlag(null)).toBe(false);
    expect(flagIsFresh(flag, 1_000 + 3600_000)).toBe(true);
    expect(flagIsFresh(flag, 1_000 + 25 * 3600_000)).toBe(false);
  });
  it('sees a coin payment arrive when the balance rises', () => {
    expect(paymentArrived(flag, { avaliableAmount: 50, vipEndDate: null })).toBe(false);
    expect(paymentArrived(flag, { avaliableAmount: 630, vipEndDate: null })).toBe(true);
  });
  it('sees a VIP payment arrive when the VIP end moves later', () => {
    const vip: PayFlag = { ...flag, purpose: 'vip', vipEndDate: '2026-12-01T00:00:00Z' };
    expect(paymentArrived(vip, { avaliableAmount: 50, vipEndDate: '2026-12-01T00:00:00Z' })).toBe(false);
    expect(paymentArrived(vip, { avaliableAmount: 50, vipEndDate: '2026-12-31T00:00:00Z' })).toBe(true);
    expect(
      paymentArrived(
        { ...vip, vipEndDate: null },
        { avaliableAmount: 0, vipEndDate: '2026-12-31T00:00:00Z' },
      ),
    ).toBe(true);
  });
});

describe('VIP expiry text', () => {
  const base = { vipType: 'month' as const, vipEndYear: 2026, vipEndMonth: 12, vipEndDay: 2, vipEndHour: 9 };
  it('shows the end while VIP is on, else whether it ever was', () => {
    expect(vipExpiryText(base)).toBe('2026-12-02 09:00');
    expect(vipExpiryText({ ...base, vipType: 'none' })).toBe('VIP已过期');
    expect(
      vipExpiryText({
        vipType: 'none',
        vipEndYear: null,
        vipEndMonth: null,
        vipEndDay: null,
        vipEndHour: null,
      }),
    ).toBe('未开通VIP');
  });
});
