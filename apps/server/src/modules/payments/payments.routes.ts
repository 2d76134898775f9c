/**
 * Provider notifications (issue 16): `POST Api.wxPayNotify` (WeChat Pay v3: JSON with an encrypted
 * resource, signed in the Wechatpay-* headers) and `POST Api.aliPayNotify` (Alipay: a signed form).
 * Public — the providers call them — and verified by payments.service before anything changes.
 * They answer in each provider's own protocol, not the envelope: WeChat 204 on success, 400
 * `{code: 'FAIL', message}` otherwise (WeChat retries); Alipay the text `success` or `fail`.
 * Bodies are read raw (the signature covers the exact bytes) by parsers scoped to this plugin.
 */
import type { FastifyPluginAsync } from 'fastify';
import { Api } from '@bimdrive/contracts';
import { NotifyRejected } from './payment-provider.ts';
import type { Services } from '../../services.ts';

/** Register the notification routes. */
export function paymentsRoutes(s: Pick<Services, 'payments'>): FastifyPluginAsync {
  const { payments } = s;
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const config = { public: true as const, rateLimit: { max: 600, timeWindow: '1 minute' } };
    const raw = (body: unknown) => (typeof body === 'string' ? body : '');

    app.post(Api.wxPayNotify, { config, schema: { hide: true } }, async (req, reply) => {
      try {
        const outcome = await payments.handleNotify('wechat', req.headers, raw(req.body));
        req.log.info({ outcome }, 'wechat pay notification');
        return reply.code(204).send();
      } catch (err) {
        if (!(err instanceof NotifyRejected)) req.log.error({ err }, 'wechat pay notification failed');
        else req.log.warn({ reason: err.message }, 'wechat pay notification refused');
        return reply
          .code(err instanceof NotifyRejected ? 400 : 500)
          .type('application/json')
          .send(
            JSON.stringify({
              code: 'FAIL',
              message: err instanceof NotifyRejected ? '验签失败' : '处理失败',
            }),
          );
      }
    });

    app.post(Api.aliPayNotify, { config, schema: { hide: true } }, async (req, reply) => {
      try {
        const outcome = await payments.handleNotify('alipay', req.headers, raw(req.body));
        req.log.info({ outcome }, 'alipay notification');
        return reply.type('text/plain').send('success');
      } catch (err) {
        if (!(err instanceof NotifyRejected)) req.log.error({ err }, 'alipay notification failed');
        else req.log.warn({ reason: err.message }, 'alipay notification refused');
        return reply
          .code(err instanceof NotifyRejected ? 400 : 500)
          .type('text/plain')
          .send('fail');
      }
    });
  };
}
