/** The payment centre (spec 000 §2 routes: /payCenter, query type person or corp, opens in a new tab). */

/** Whose storage to buy. */
export type PayTarget = 'person' | 'corp';

/** Address of the payment centre for `type`. */
export function payCenterUrl(type: PayTarget): string {
  return `/payCenter?type=${type}`;
}

/** Open the payment centre in a new tab. */
export function openPayCenter(type: PayTarget): void {
  window.open(payCenterUrl(type), '_blank', 'noopener');
}
