import { describe, expect, it } from 'vitest';
import type { DailySignConfig } from '../../src/contract';
import { afterSign, parseSignAmounts, signStrip } from '../../src/app/features/account/sign-strip';
import { mailtoUrl, reportUrl, supportUrl } from '../../src/app/features/support/support-links';

const config = (over: Partial<DailySignConfig> = {}): DailySignConfig => ({
  signAmounts: '5,5,10,10,15,15,30',
  vipSignAmounts: '10,10,20,20,30,30,60',
  currentSignDay: 3,
  selectSignDay: 3,
  alreadyBoundMobile: false,
  signedToday: false,
  receiveCount: 10,
  ...over,
});

describe('daily sign-in strip', () => {
  it('shows 7 days of coins, the VIP list for VIP users', () => {
    expect(signStrip(config(), false).map((d) => d.coins)).toEqual([5, 5, 10, 10, 15, 15, 30]);
    expect(signStrip(config(), true).map((d) => d.coins)).toEqual([10, 10, 20, 20, 30, 30, 60]);
  });
  it('marks the days before today as signed and today as current', () => {
    const days = signStrip(config(), false);
    expect(days.filter((d) => d.signed).map((d) => d.day)).toEqual([1, 2]);
    expect(days.filter((d) => d.current).map((d) => d.day)).toEqual([3]);
  });
  it('after signing, today is signed, the day advances and the coins are recorded', () => {
    const next = afterSign(config(), { receiveCount: 10, currentSignDay: 4, signedDay: 3 });
    expect(next).toMatchObject({ signedToday: true, selectSignDay: 3, currentSignDay: 4, receiveCount: 10 });
    const days = signStrip(next, false);
    expect(days.filter((d) => d.signed).map((d) => d.day)).toEqual([1, 2, 3]);
    expect(days.find((d) => d.current)!.day).toBe(3);
  });
  it('wraps after day 7 and tolerates malformed lists', () => {
    const next = afterSign(config({ currentSignDay: 7 }), {
      receiveCount: 30,
      currentSignDay: 1,
      signedDay: 7,
    });
    expect(signStrip(next, false).every((d) => d.signed)).toBe(true);
    expect(parseSignAmounts('1,x,3')).toEqual([1, 0, 3, 0, 0, 0, 0]);
  });
});

describe('support links carry the account', () => {
  const ctx = { origin: 'https://ink.example', returnUrl: '/user', chatUrl: 'https://chat.example/room?x=1' };
  it('adds account and user id to an external chat link', () => {
    const url = new URL(supportUrl(ctx.chatUrl, { account: 'u1234', userId: 7 }, ctx)!);
    expect(url.origin).toBe('https://chat.example');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('account')).toBe('u1234');
    expect(url.searchParams.get('userId')).toBe('7');
  });
  it('turns our report page into /h5/report with returnUrl, serviceUrl and account', () => {
    const link = supportUrl('/h5/report', { account: 'u1234' }, ctx)!;
    expect(link.startsWith('/h5/report?')).toBe(true);
    const q = new URLSearchParams(link.split('?')[1]);
    expect(q.get('returnUrl')).toBe('/user');
    expect(q.get('serviceUrl')).toBe('https://chat.example/room?x=1');
    expect(q.get('account')).toBe('u1234');
  });
  it('leaves out a service url that would point back at the report page', () => {
    const link = supportUrl('/h5/report', { account: 'u1' }, { ...ctx, chatUrl: '/h5/report' })!;
    expect(new URLSearchParams(link.split('?')[1]).has('serviceUrl')).toBe(false);
  });
  it('refuses non-http links and empty ones', () => {
    expect(supportUrl('javascript:alert(1)', { account: 'u1' }, ctx)).toBeNull();
    expect(supportUrl('', { account: 'u1' }, ctx)).toBeNull();
  });
  it('builds the report link and a mailto with the account', () => {
    expect(reportUrl({ returnUrl: '/home', serviceUrl: null })).toBe('/h5/report?returnUrl=%2Fhome');
    expect(mailtoUrl('help@ink.example', 'u1')).toBe(
      `mailto:help@ink.example?subject=${encodeURIComponent('账号 u1 的问题')}`,
    );
  });
});
