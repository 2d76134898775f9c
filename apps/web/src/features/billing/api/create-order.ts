/**
 * `POST Api.orderCreate` — 立即购买 (spec 000 §2 /payCenter): what to buy and how to pay. The body never
 * carries a price; the server computes the amount from the plan table.
 */
import { Api, type CreateOrderBodyValue, type OrderViewValue } from '@bimdrive/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Create an order (answers the order with its QR content or page-pay address). */
export function createOrder(body: CreateOrderBodyValue): Promise<OrderViewValue> {
  return api<OrderViewValue>({ method: 'POST', url: Api.orderCreate, data: body });
}

/** Mutation hook of 立即购买. */
export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
