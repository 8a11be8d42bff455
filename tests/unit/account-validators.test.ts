import { describe, expect, it } from 'vitest';
import { Msg } from '../../src/contract';
import {
  validateChargeDate,
  validateLogin,
  validateMobile,
  validatePasswordChange,
  validateSmsCode,
} from '../../src/app/features/account/validators';

describe('login (spec §5)', () => {
  it('asks for the account (请输入手机号) first, then the password (请输入密码)', () => {
    expect(validateLogin('', '')).toBe('请输入手机号');
    expect(validateLogin('   ', 'secret1')).toBe(Msg.enterMobile);
    expect(validateLogin('u123456', '')).toBe('请输入密码');
    expect(validateLogin('u123456', 'secret1')).toBeNull();
    expect(validateLogin('13800138000', 'x')).toBeNull();
  });
});

describe('bind mobile (spec §5)', () => {
  it('empty → 请输入手机号', () => {
    expect(validateMobile('')).toBe('请输入手机号');
    expect(validateMobile('  ')).toBe(Msg.enterMobile);
  });
  it('not 11 digits starting with 1 → 请输入正确的手机号', () => {
    for (const bad of [
      '1380013800',
      '138001380001',
      '23800138000',
      '1380013800a',
      '+8613800138000',
      '１3800138000',
    ])
      expect(validateMobile(bad), bad).toBe('请输入正确的手机号');
  });
  it('accepts 11 digits starting with 1', () => {
    expect(validateMobile('13800138000')).toBeNull();
    expect(validateMobile('19912345678')).toBeNull();
    expect(validateMobile(' 13800138000 ')).toBeNull();
  });
});

describe('change password (spec §5)', () => {
  it('empty new password → 请输入密码', () => {
    expect(validatePasswordChange('', '')).toBe('请输入密码');
    expect(validatePasswordChange('', 'abcdef')).toBe(Msg.enterPassword);
  });
  it('empty confirmation → 请确认密码', () => {
    expect(validatePasswordChange('abcdef', '')).toBe('请确认密码');
  });
  it('mismatch → 密码不一致，请确认', () => {
    expect(validatePasswordChange('abcdef', 'abcdeg')).toBe('密码不一致，请确认');
  });
  it('matching passwords outside 6–32 characters get the server rule', () => {
    expect(validatePasswordChange('abc', 'abc')).toBe(Msg.passwordRule);
    expect(validatePasswordChange('a'.repeat(33), 'a'.repeat(33))).toBe(Msg.passwordRule);
    expect(validatePasswordChange('abcdef', 'abcdef')).toBeNull();
    expect(validatePasswordChange('a'.repeat(32), 'a'.repeat(32))).toBeNull();
  });
});

describe('find account (spec §5)', () => {
  it('no deduction date → 请选择您的充值扣款日期', () => {
    expect(validateChargeDate(null)).toBe('请选择您的充值扣款日期');
    expect(validateChargeDate('')).toBe(Msg.pickChargeDate);
    expect(validateChargeDate('2026/11/01')).toBe(Msg.pickChargeDate);
    expect(validateChargeDate('2026-11-01')).toBeNull();
  });
});

describe('bind mobile SMS code', () => {
  it('asks for the code, then for 6 digits', () => {
    expect(validateSmsCode('')).toBe(Msg.enterSmsCode);
    expect(validateSmsCode('  ')).toBe(Msg.enterSmsCode);
    for (const bad of ['12345', '1234567', '12a456', '１23456'])
      expect(validateSmsCode(bad), bad).toBe(Msg.badSmsCode);
    expect(validateSmsCode('012345')).toBeNull();
    expect(validateSmsCode(' 012345 ')).toBeNull();
  });
});
