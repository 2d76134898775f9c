import { describe, expect, it } from 'vitest';
import { countdownText, msLeft, payPagePath, serviceEndText, yuanOfFen } from './pay-format.ts';

describe('pay page formatting', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(yuanOfFen(4800)).toBe('48.00');
    expect(yuanOfFen(1)).toBe('0.01');
  });
  it('formats the service end as YYYY年MM月DD日 or 无限制', () => {
    expect(serviceEndText('2026-12-26 10:00:00', '无限制')).toBe('2026年12月26日');
    expect(serviceEndText(null, '无限制')).toBe('无限制');
  });
  it('counts down to the close as HH:mm:ss and never below zero', () => {
    expect(countdownText(2 * 3600_000 - 1000)).toBe('01:59:59');
    expect(msLeft('2000-01-01 00:00:00', Date.now())).toBe(0);
  });
  it('picks the pay page of the channel', () => {
    expect(payPagePath('wechat', 'A1')).toBe('/wxPay?orderNo=A1');
    expect(payPagePath('alipay', 'A1')).toBe('/aliPay?orderNo=A1');
  });
});
