/**
 * Sensitive-field encryption over HTTP (spec 000 §7): `GET /api/Home/GetPublicKey` (public) and the
 * app-wide `preValidation` hook that opens sealed JSON bodies before any route's zod validation.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, FIELD_ENC_HEADER, FieldPublicKey } from '@bimdrive/contracts';
import { ok, okSchema } from '../../lib/http.ts';
import type { FieldEncryptionMode, FieldKeyPair, FieldOpener } from './field-crypto.service.ts';

/**
 * Install the opening hook on the root instance (before any route is registered, so every route —
 * in any plugin — gets it). Parsed bodies that are objects or arrays of objects are looked at,
 * whatever their content type, so no other encoding slips plain-text secrets past `required` mode.
 */
export function installFieldDecryption(app: FastifyInstance, opener: FieldOpener): void {
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined || req.body === null || typeof req.body !== 'object') return;
    const header = req.headers[FIELD_ENC_HEADER];
    req.body = opener.open(req.body, Array.isArray(header) ? header[0] : header);
  });
}

/** Register the public-key route. */
export function fieldCryptoRoutes(key: FieldKeyPair, mode: FieldEncryptionMode): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      Api.publicKey,
      { schema: { tags: ['auth'], response: okSchema(FieldPublicKey) }, config: { public: true } },
      async (_req, reply) => {
        void reply.header('cache-control', 'no-store');
        return ok({ kid: key.kid, spki: key.spki, serverTime: Date.now(), required: mode === 'required' });
      },
    );
  };
}
