import { describe, expect, it } from 'vitest';
import { SHARING_PLANS } from '@bimdrive/contracts';
import { periodLabel, personLabel, planTableRows } from './sharing-plans.ts';

describe('sharing plans table (000 §9)', () => {
  const rows = planTableRows();

  it('gives every price of every plan one row (the trial one), the persons cell spanning the plan', () => {
    const prices = SHARING_PLANS.reduce(
      (n, p) => n + (p.kind === 'trial' ? 1 : Math.max(1, p.prices.length)),
      0,
    );
    expect(rows).toHaveLength(prices);
    expect(rows.reduce((n, r) => n + r.span, 0)).toBe(rows.length);
  });

  it('shows the free trial once, at the configured length, price 0 and no limit (never the readings)', () => {
    const trial = rows.filter((r) => r.person.key === 'corpUsers.trial');
    expect(trial.map((r) => [r.period, r.price, r.limit])).toEqual([
      [[{ key: 'corpUsers.days', values: { count: 15 } }], 0, null],
    ]);
    const thirty = planTableRows(SHARING_PLANS, 30).filter((r) => r.person.key === 'corpUsers.trial');
    expect(thirty[0]!.period).toEqual([{ key: 'corpUsers.days', values: { count: 30 } }]);
    expect(rows.flatMap((r) => r.period).some((l) => l.key === 'corpUsers.reading')).toBe(false);
  });

  it('keeps the prices and limits of the spec', () => {
    const enterprise = rows.filter((r) => r.person.key === 'corpUsers.enterpriseSmall');
    expect(enterprise.map((r) => r.price)).toEqual([198, 888, 5000, 9000]);
    expect(enterprise[0]!.period.at(-1)).toEqual({ key: 'corpUsers.once' });
    expect(rows.filter((r) => r.person.key === 'corpUsers.personal').map((r) => [r.price, r.limit])).toEqual([
      [18, 5],
      [48, 5],
      [168, 5],
    ]);
    const big = rows.find((r) => r.person.values?.min === 201)!;
    expect([big.price, big.limit]).toEqual([150000, 2500]);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      person: { key: 'corpUsers.over', values: { min: 500 } },
      price: null,
      limit: null,
    });
  });

  it('labels periods in days, months and years', () => {
    expect(periodLabel({ months: 24 })).toEqual({ key: 'corpUsers.years', values: { count: 2 } });
    expect(periodLabel({ months: 3 })).toEqual({ key: 'corpUsers.months', values: { count: 3 } });
    expect(personLabel(SHARING_PLANS[3]!)).toEqual({
      key: 'corpUsers.enterprise',
      values: { min: 6, max: 15 },
    });
  });
});
