/**
 * Routes of plans and orders (000 §2 /payCenter, /wxPay, /wxPayRedirect, /aliPay; §9) and the
 * administrators' order list (001 §2 /orderManagement); one company's orders (000 §2 /corpDetail). Shapes in contracts/plans.ts; rules in
 * plans.service.ts and orders.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import type { Services } from '../../services.ts';

/** Register the plan, order and order-administration routes. */
export function ordersRoutes(s: Pick<Services, 'orders' | 'plans'>): FastifyPluginAsyncZod {
  const { plans, orders } = s;
  const tags = ['orders'];
  return async (app) => {
    app.get(
      Api.planList,
      { schema: { tags, querystring: PlanListQuery, response: okSchema(PlanCatalog) } },
      async (req) => ok(await plans.catalog(callerOf(req), req.query.type)),
    );

    app.post(
      Api.orderCreate,
      {
        schema: { tags, body: CreateOrderBody, response: okSchema(OrderView) },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req) => ok(await orders.create(callerOf(req), req.body), '订单已创建'),
    );

    app.get(
      Api.orderState,
      { schema: { tags, querystring: OrderStateQuery, response: okSchema(OrderView) } },
      async (req) => ok(await orders.state(callerOf(req), req.query.orderNo, req.query.sync === '1')),
    );

    app.get(Api.myOrders, { schema: { tags, response: okSchema(MyOrders) } }, async (req) =>
      ok(await orders.mine(callerOf(req))),
    );

    app.get(
      Api.corpOrders,
      { schema: { tags, querystring: CorpIdQuery, response: okSchema(CompanyOrders) } },
      async (req) => ok(await orders.companyOrders(callerOf(req), req.query.corpId)),
    );

    app.get(
      Api.adminOrderList,
      { schema: { tags, querystring: AdminOrderQuery, response: okSchema(AdminOrderPage) } },
      async (req) => ok(await orders.adminList(callerOf(req), req.query)),
    );

    app.get(
      Api.adminOrderExport,
      { schema: { tags, querystring: AdminOrderQuery, response: { 200: z.string() } } },
      async (req, reply) => {
        const csv = await orders.adminExport(callerOf(req), req.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
          .send(csv);
      },
    );
  };
}
