/**
 * The web client's side of sensitive-field encryption (spec 000 §7 "Sensitive fields are encrypted on
 * the client before sending"; scheme in `@bimdrive/contracts` field-crypto.ts). `encodeJsonBody` turns
 * a request's JSON data into the body and headers to send: the fields named in `SENSITIVE_FIELDS`
 * sealed with the server's public key (fetched once from `GET /api/Home/GetPublicKey`, cached).
 *
 * WebCrypto exists only in secure contexts (https or localhost): without `crypto.subtle` the body goes
 * in plain text, and a server that requires encryption answers with a message telling the operator to
 * use HTTPS. After a refusal with code -40 (unknown key) or -41 (outside the replay window) the caller
 * forgets the key (`forgetFieldKey`) and sends once more (`isFieldKeyStale`).
 */
import {
  Api,
  FIELD_ENC_HEADER,
  hasSecretFields,
  importFieldKey,
  sealFields,
  type Envelope,
  type FieldKey,
  type FieldPublicKeyValue,
} from '@bimdrive/contracts';

export { isFieldKeyStale } from '@bimdrive/contracts';

/** Whether this page can encrypt (WebCrypto is present only in secure contexts). */
export function canEncryptFields(): boolean {
  return typeof globalThis.crypto !== 'undefined' && typeof globalThis.crypto.subtle !== 'undefined';
}

/** Imported keys by API base (one in practice: same origin). */
const cached = new Map<string, Promise<FieldKey>>();

/** Fetch (once; the promise is shared) and import the server's public key. @throws on failure. */
export function loadFieldKey(apiBase = ''): Promise<FieldKey> {
  let key = cached.get(apiBase);
  if (!key) {
    const p = (async () => {
      const res = await fetch(`${apiBase}${Api.publicKey}`, { headers: { 'x-client': 'web' } });
      const body = (await res.json()) as Envelope<FieldPublicKeyValue | null>;
      if (body.code !== 1 || !body.data) throw new Error(body.msg || 'no public key');
      return importFieldKey(body.data);
    })();
    // A failed fetch is not kept: the next request asks again.
    p.catch(() => cached.get(apiBase) === p && cached.delete(apiBase));
    cached.set(apiBase, (key = p));
  }
  return key;
}

/** Drop the cached key (after a -40/-41 refusal the next request fetches it again). */
export function forgetFieldKey(apiBase = ''): void {
  cached.delete(apiBase);
}

/** The body and extra headers of a JSON request. */
export interface EncodedBody {
  body: string;
  headers: Record<string, string>;
}

/**
 * Encode a JSON request body, sealing its sensitive fields when the page can encrypt.
 * @param apiBase API base of the request (the key is fetched from the same server).
 * @throws when the public key cannot be fetched (the caller reports the server as unreachable).
 */
export async function encodeJsonBody(data: unknown, apiBase = ''): Promise<EncodedBody> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!canEncryptFields() || !hasSecretFields(data)) return { body: JSON.stringify(data), headers };
  const sealed = await sealFields(data, await loadFieldKey(apiBase));
  if (!sealed) return { body: JSON.stringify(data), headers };
  return { body: JSON.stringify(sealed.body), headers: { ...headers, [FIELD_ENC_HEADER]: sealed.header } };
}
