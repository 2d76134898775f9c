/**
 * The session-route helpers (caller-routes.ts) on a tiny Fastify app with a fake session: the
 * success envelope of `get`/`read`, the null-data envelope and fixed message of `act` (with and
 * without a body schema), a body that fails validation never reaching the service, and the
 * service's `AppError` passing through.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ResultCode } from '@bimdrive/contracts';
import type { Caller } from '../modules/auth/caller.ts';
import { callerRoutes } from './caller-routes.ts';
import { AppError, notFound } from './errors.ts';

/** The fake session every request of the tiny app carries. */
const caller = { user: { id: 'u-1' }, sessionId: 's-1' } as unknown as Caller;

/** A tiny app with the zod type provider, the fake session and an AppError handler like app.ts's. */
async function tinyApp(register: (route: ReturnType<typeof callerRoutes>) => void) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (req) => {
    req.caller = caller;
  });
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof AppError)
      return reply.code(err.status).send({ code: err.code, msg: err.message, data: err.data });
    return reply.send(err);
  });
  const schemas = new Map<string, Record<string, unknown>>();
  app.addHook('onRoute', (r) => {
    schemas.set(r.url, (r.schema ?? {}) as Record<string, unknown>);
  });
  await app.register(async (plugin) => register(callerRoutes(plugin, ['test'])));
  await app.ready();
  return { app, schemas };
}

describe('callerRoutes', () => {
  let app: FastifyInstance;
  let schemas: Map<string, Record<string, unknown>>;
  const mine = vi.fn(async (c: Caller) => ({ owner: c.user.id }));
  const find = vi.fn(async (_c: Caller, q: { n: number }) => q.n * 2);
  const save = vi.fn(async (_c: Caller, _body: { name: string }) => 'dropped');
  const leave = vi.fn(async (_c: Caller) => undefined);

  beforeEach(async () => {
    vi.clearAllMocks();
    ({ app, schemas } = await tinyApp((route) => {
      route.read('/mine', z.object({ owner: z.string() }), (c) => mine(c));
      route.get('/find', z.object({ n: z.coerce.number().int() }), z.number(), (c, q) => find(c, q));
      route.act('/save', z.object({ name: z.string().min(1) }), '已保存', (c, body) => save(c, body));
      route.act('/leave', null, '已退出', (c) => leave(c));
      route.act('/missing', null, '不会出现', async () => {
        throw notFound('没有这个');
      });
    }));
  });
  afterEach(async () => {
    await app.close();
  });

  it('read answers the caller’s data in the success envelope, with no query schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/mine' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: ResultCode.ok, msg: '操作成功', data: { owner: 'u-1' } });
    expect(mine).toHaveBeenCalledWith(caller);
    expect(Object.keys(schemas.get('/mine')!)).toEqual(['tags', 'response']);
  });

  it('get validates the query and answers in the success envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/find?n=21' });
    expect(res.json()).toEqual({ code: ResultCode.ok, msg: '操作成功', data: 42 });
    expect(find).toHaveBeenCalledWith(caller, { n: 21 });
  });

  it('act answers the null-data envelope with its fixed message and drops the service’s answer', async () => {
    const res = await app.inject({ method: 'POST', url: '/save', payload: { name: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: ResultCode.ok, msg: '已保存', data: null });
    expect(save).toHaveBeenCalledWith(caller, { name: 'x' });
    expect(Object.keys(schemas.get('/save')!)).toEqual(['tags', 'body', 'response']);
  });

  it('act refuses a body that fails validation before the service is called', async () => {
    const res = await app.inject({ method: 'POST', url: '/save', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FST_ERR_VALIDATION' });
    expect(save).not.toHaveBeenCalled();
  });

  it('act without a body schema registers none and answers its message', async () => {
    const res = await app.inject({ method: 'POST', url: '/leave' });
    expect(res.json()).toEqual({ code: ResultCode.ok, msg: '已退出', data: null });
    expect(leave).toHaveBeenCalledWith(caller);
    expect(Object.keys(schemas.get('/leave')!)).toEqual(['tags', 'response']);
  });

  it('lets the service’s AppError through as it is', async () => {
    const res = await app.inject({ method: 'POST', url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ResultCode.fail, msg: '没有这个', data: null });
  });
});
