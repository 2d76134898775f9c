/**
 * Rows of the pricing table (spec 000 §9 "Sharing plans", §3 Sharing plan row): SHARING_PLANS
 * flattened to one row per price, with the persons and limit cells spanning a plan's rows. Labels are
 * i18n keys of the `companies` namespace with their values, so the table renders in any language.
 */
import { SHARING_PLANS, type PlanPeriod, type SharingPlanRow } from '@bimdrive/contracts';

/** An i18n key with its interpolation values. */
export interface Label {
  key: string;
  values?: Record<string, number | string>;
}

/** One table row. `span` is the rowSpan of the persons and limit cells (0: covered by the row above). */
export interface PlanTableRow {
  key: string;
  person: Label;
  period: Label[];
  /** Yuan; null: contact the supplier. */
  price: number | null;
  limit: number | null;
  span: number;
}

/** The persons label of a plan. */
export function personLabel(p: SharingPlanRow): Label {
  if (p.kind === 'trial') return { key: 'corpUsers.trial' };
  if (p.kind === 'personal') return { key: 'corpUsers.personal' };
  if (p.kind === 'contact') return { key: 'corpUsers.over', values: { min: p.persons.min - 1 } };
  return {
    key: p.persons.min === 1 ? 'corpUsers.enterpriseSmall' : 'corpUsers.enterprise',
    values: { min: p.persons.min, max: p.persons.max ?? '' },
  };
}

/** The label of a period: days, months, or whole years. */
export function periodLabel(period: PlanPeriod): Label {
  if ('days' in period) return { key: 'corpUsers.days', values: { count: period.days } };
  if (period.months % 12 === 0) return { key: 'corpUsers.years', values: { count: period.months / 12 } };
  return { key: 'corpUsers.months', values: { count: period.months } };
}

/** Free-trial length shown until the server's setting (TRIAL_DAYS, GetPlanList `trialDays`) is known. */
export const DEFAULT_TRIAL_DAYS = 15;

/**
 * The pricing table's rows. The free trial is one row of the configured length (`trialDays`): the
 * spec's two readings of its period are never shown to users (issue 16).
 */
export function planTableRows(
  plans: readonly SharingPlanRow[] = SHARING_PLANS,
  trialDays: number = DEFAULT_TRIAL_DAYS,
): PlanTableRow[] {
  return plans.flatMap((p, i): PlanTableRow[] => {
    const person = personLabel(p);
    if (p.kind === 'trial')
      return [
        {
          key: `${i}`,
          person,
          period: [{ key: 'corpUsers.days', values: { count: trialDays } }],
          price: 0,
          limit: p.limit,
          span: 1,
        },
      ];
    if (p.prices.length === 0)
      return [
        { key: `${i}`, person, period: [{ key: 'corpUsers.contact' }], price: null, limit: p.limit, span: 1 },
      ];
    return p.prices.map((price, j) => ({
      key: `${i}-${j}`,
      person,
      period: [periodLabel(price.period), ...(price.oncePerBuyer ? [{ key: 'corpUsers.once' }] : [])],
      price: price.price,
      limit: p.limit,
      span: j === 0 ? p.prices.length : 0,
    }));
  });
}
