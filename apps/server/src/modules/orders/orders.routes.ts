/**
 * Routes of plans and orders (000 §2 /payCenter, /wxPay, /wxPayRedirect, /aliPay; §9) and the
 * administrators' order list (001 §2 /orderManagement); one company's orders (000 §2 /corpDetail). Shapes in contracts/plans.ts; rules in
 * plans.service.ts and orders.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderPage,
  AdminOrderQuery,
  Api,
  CompanyOrders,
  CorpIdQuery,
  CreateOrderBody,
  MyOrders,
  OrderStateQuery,
  OrderView,
  PlanCatalog,
  PlanListQuery,
} from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import { callerOf } from '../auth/route-auth.ts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the plan, order and order-administration routes. */
export function ordersRoutes(s: Pick<Services, 'orders' | 'plans'>): FastifyPluginAsyncZod {
  const { plans, orders } = s;
  const tags = ['orders'];
  return async (app) => {
    const route = callerRoutes(app, tags);
    route.get(Api.planList, PlanListQuery, PlanCatalog, (caller, q) => plans.catalog(caller, q.type));

    app.post(
      Api.orderCreate,
      {
        schema: { tags, body: CreateOrderBody, response: okSchema(OrderView) },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) => ok(await orders.create(callerOf(req), req.body), '订单已创建'),
    );

    route.get(Api.orderState, OrderStateQuery, OrderView, (caller, q) =>
      orders.state(caller, q.orderNo, q.sync === '1'),
    );

    route.read(Api.myOrders, MyOrders, (caller) => orders.mine(caller));

    route.get(Api.corpOrders, CorpIdQuery, CompanyOrders, (caller, q) =>
      orders.companyOrders(caller, q.corpId),
    );

    route.get(Api.adminOrderList, AdminOrderQuery, AdminOrderPage, (caller, q) =>
      orders.adminList(caller, q),
    );

    route.csv(Api.adminOrderExport, AdminOrderQuery, 'orders', (caller, q) => orders.adminExport(caller, q));
  };
}
