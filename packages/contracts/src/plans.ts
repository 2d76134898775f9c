/**
 * Sharing plans, orders and payment — spec 000 §2 (/payCenter?type=person|corp, /wxPay,
 * /wxPayRedirect, /aliPay; account card 扩容 and 咨询购买), §7 (ServiceTimeVerify, paySuccess),
 * §9 (the plan table: persons, periods, prices in yuan, shared-file limits), 001 §2 (share dialog
 * limit notice), §9 (shared-file limits).
 *
 * Units: prices in the plan table are yuan (as the spec writes them); every amount on an order is
 * fen (1 yuan = 100 fen), computed by the server from this table — the client never sends a price.
 * A share limit of `null` means unlimited (the free trial and "over 500").
 */
import { z } from 'zod';
import { SHARING_PLANS } from './companies.ts';

/** Who a plan is bought for: a person (personal space) or a company (company space). */
export const BuyerType = z.enum(['person', 'corp']);
export type BuyerTypeValue = z.infer<typeof BuyerType>;

/** Payment channels: WeChat Pay Native (QR code) and Alipay (QR code or page pay). */
export const PayChannel = z.enum(['wechat', 'alipay']);
export type PayChannelValue = z.infer<typeof PayChannel>;

/** Order states: unpaid → paid | closed (unpaid for 2 h); paid → refunded (by hand). */
export const OrderState = z.enum(['unpaid', 'paid', 'closed', 'refunded']);
export type OrderStateValue = z.infer<typeof OrderState>;

/** Unpaid orders close after this long (issue 16). */
export const ORDER_TTL_MS = 2 * 3600 * 1000;

/** One period on sale: its length in months and its price in yuan. */
export interface SalePeriod {
  /** Stable id: `1m`, `3m`, `1y`, `2y`. */
  id: '1m' | '3m' | '1y' | '2y';
  months: number;
  /** Price in yuan (000 §9). */
  priceYuan: number;
  /** "one purchase only" (000 §9): a buyer may pay for it once. */
  oncePerBuyer: boolean;
}

/** One plan on sale (a row of the plan table of 000 §9). */
export interface Plan {
  id: string;
  buyer: BuyerTypeValue;
  /** The persons column (1, 1-5, 6-15, …, 500以上). */
  persons: string;
  /** Largest number of company members the plan covers (null: no bound). */
  maxPersons: number | null;
  /** Active shared files allowed (001 §9); null = unlimited. */
  shareLimit: number | null;
  /** Periods on sale; empty for "over 500: contact the supplier". */
  periods: SalePeriod[];
  /** Sold by the supplier only (咨询购买 with the configured phone). */
  contactSupplier: boolean;
}

/** Id of the free trial (not sold; its length is the server setting TRIAL_DAYS, default 15 days). */
export const TRIAL_PLAN_ID = 'trial';

const PERIOD_IDS: Record<number, SalePeriod['id']> = { 1: '1m', 3: '3m', 12: '1y', 24: '2y' };

/**
 * The plans on sale, derived from the one plan table `SHARING_PLANS` (companies.ts, 000 §9) so
 * the pricing dialog and the payment centre never disagree. Ids: `personal`, `corp-<max persons>`,
 * `corp-unlimited` (over 500, contact the supplier). The free trial is not sold.
 */
export const PLANS: readonly Plan[] = SHARING_PLANS.filter((r) => r.kind !== 'trial').map((r) => ({
  id: r.kind === 'personal' ? 'personal' : r.kind === 'contact' ? 'corp-unlimited' : `corp-${r.persons.max}`,
  buyer: r.kind === 'personal' ? 'person' : 'corp',
  persons:
    r.persons.max === null
      ? `${r.persons.min - 1}以上`
      : r.persons.min === r.persons.max
        ? String(r.persons.min)
        : `${r.persons.min}-${r.persons.max}`,
  maxPersons: r.persons.max,
  shareLimit: r.limit,
  periods: r.prices.flatMap((x) =>
    'months' in x.period && PERIOD_IDS[x.period.months]
      ? [
          {
            id: PERIOD_IDS[x.period.months]!,
            months: x.period.months,
            priceYuan: x.price,
            oncePerBuyer: Boolean(x.oncePerBuyer),
          },
        ]
      : [],
  ),
  contactSupplier: r.kind === 'contact',
}));

/** The plan of an id, or undefined. */
export function planById(id: string | null | undefined): Plan | undefined {
  return PLANS.find((x) => x.id === id);
}

/** Price of a period in fen (integer arithmetic; the yuan prices are whole). */
export function priceFen(period: SalePeriod): number {
  return Math.round(period.priceYuan * 100);
}

// ---- HTTP shapes -------------------------------------------------------------------------

/** `GET Api.planList` query: which table to show (/payCenter?type=person|corp). */
export const PlanListQuery = z.object({ type: BuyerType.default('person') });

const PlanPeriodSchema = z.object({
  id: z.enum(['1m', '3m', '1y', '2y']),
  months: z.number().int(),
  priceYuan: z.number(),
  priceFen: z.number().int(),
  oncePerBuyer: z.boolean(),
  /** false when the buyer already used a "one purchase only" period. */
  available: z.boolean(),
});

export const PlanView = z.object({
  id: z.string(),
  buyer: BuyerType,
  persons: z.string(),
  maxPersons: z.number().int().nullable(),
  shareLimit: z.number().int().nullable(),
  periods: z.array(PlanPeriodSchema),
  contactSupplier: z.boolean(),
});
export type PlanViewValue = z.infer<typeof PlanView>;

/**
 * Answer of `GET Api.planList`: the plans for the buyer type, the free-trial length (days), the
 * consult-to-buy phone, the channels configured on the server, and the buyer's current plan and
 * service end (yyyy-MM-dd HH:mm:ss, null = 无限制).
 */
export const PlanCatalog = z.object({
  type: BuyerType,
  plans: z.array(PlanView),
  trialDays: z.number().int(),
  consultPhone: z.string(),
  channels: z.array(PayChannel),
  /** May the caller buy for this type (corp: company administrators only). */
  canBuy: z.boolean(),
  current: z.object({
    planId: z.string(),
    shareLimit: z.number().int().nullable(),
    serviceStopTime: z.string().nullable(),
  }),
});
export type PlanCatalogValue = z.infer<typeof PlanCatalog>;

/** `POST Api.orderCreate` body: what to buy and how to pay. No price: the server computes it. */
export const CreateOrderBody = z.object({
  type: BuyerType,
  planId: z.string().min(1).max(40),
  periodId: z.enum(['1m', '3m', '1y', '2y']),
  channel: PayChannel,
});
export type CreateOrderBodyValue = z.infer<typeof CreateOrderBody>;

/** One order as its buyer sees it. Times yyyy-MM-dd HH:mm:ss. */
export const OrderView = z.object({
  orderNo: z.string(),
  type: BuyerType,
  planId: z.string(),
  periodId: z.string(),
  months: z.number().int(),
  /** Amount in fen. */
  amountFen: z.number().int(),
  channel: PayChannel,
  state: OrderState,
  description: z.string(),
  /** QR code content: WeChat Native code_url or Alipay precreate qr_code (null once not unpaid). */
  codeUrl: z.string().nullable(),
  /** Alipay page-pay address (null for WeChat). */
  payUrl: z.string().nullable(),
  createTime: z.string(),
  expireTime: z.string(),
  payTime: z.string().nullable(),
  /** The buyer's service end after payment (null before, or 无限制). */
  serviceStopTime: z.string().nullable(),
});
export type OrderViewValue = z.infer<typeof OrderView>;

/**
 * `GET Api.orderState` query: the order; `sync=1` asks the provider first when it is still unpaid
 * (the return pages /wxPayRedirect and /aliPay, a lost notify).
 */
export const OrderStateQuery = z.object({
  orderNo: z.string().regex(/^[0-9A-Za-z_|*-]{6,32}$/, '订单号格式错误'),
  sync: z.enum(['0', '1']).default('0'),
});

/** `GET Api.myOrders`: the caller's own orders, newest first, and their company's for its administrators. */
export const MyOrders = z.array(OrderView);

/** `GET Api.adminOrderList` / `Api.adminOrderExport` filters (001 §2 /orderManagement). */
export const AdminOrderQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  rows: z.coerce.number().int().min(1).max(200).default(20),
  /** Created at or after / before (ISO date or date-time). */
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  state: OrderState.optional(),
  channel: PayChannel.optional(),
  /** Buyer: part of the name, phone or company name, or an order number. */
  buyer: z
    .string()
    .trim()
    .max(64)
    .refine((v) => ![...v].some((ch) => ch.charCodeAt(0) < 0x20), '包含非法字符')
    .optional(),
});
export type AdminOrderQueryValue = z.infer<typeof AdminOrderQuery>;

export const AdminOrderRow = OrderView.extend({
  buyerName: z.string(),
  buyerPhone: z.string(),
  companyName: z.string(),
  providerTradeNo: z.string().nullable(),
  closeTime: z.string().nullable(),
});
export const AdminOrderPage = z.object({ list: z.array(AdminOrderRow), count: z.number().int() });
export type AdminOrderPageValue = z.infer<typeof AdminOrderPage>;
