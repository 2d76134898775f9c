/**
 * Encryption of sensitive request fields (spec 000 §7 "Sensitive fields are encrypted on the client
 * before sending"), on top of HTTPS in production. Shared by the web client (which seals) and the
 * server (which opens, in a `preValidation` hook, before zod validation) — so every endpoint whose
 * JSON body carries one of `SENSITIVE_FIELDS` gets it without doing anything.
 *
 * Scheme `rsa-oaep-256+a256gcm` (the JWE "RSA-OAEP-256 / A256GCM" pair, done with plain WebCrypto):
 * - per request, a random AES-256-GCM key is wrapped with the server's RSA-OAEP (SHA-256) public key
 *   (OAEP label = the key id) and sent in the header `x-field-enc: rsa-oaep-256+a256gcm; kid=<kid>; ek=<b64>`;
 * - each sensitive field of the top-level JSON object (or of each object of a top-level array) is
 *   replaced by `<b64 iv>.<b64 AES-GCM ciphertext+tag>` of the JSON `{v: value, t: ms}`, with the
 *   field's place (`password`, or `3.Pssword` for item 3 of an array) as additional data, so a
 *   ciphertext cannot be moved to another field;
 * - `t` is the sender's time corrected to the server's clock (`serverTime` of the public key answer);
 *   the server refuses a ciphertext older than `FIELD_ENC_MAX_AGE_MS` (replay window).
 * Empty values ('' / null / undefined) carry no secret and stay as they are.
 *
 * Works wherever `globalThis.crypto.subtle` exists: browsers in a secure context (https or
 * localhost) and Node ≥ 20.
 */
import { z } from 'zod';

/**
 * Request-body field names whose values are encrypted: passwords (sign-in, register, set and edit
 * password), SMS codes and codes of the phone change, share extraction codes (`pwd` when verifying,
 * `Pssword` when sharing with a custom code). `code` also names non-secret codes (a share code, a
 * credit code): encrypting them costs nothing and keeps the rule one list.
 */
export const SENSITIVE_FIELDS: readonly string[] = [
  'password',
  'confirmPassword',
  'code',
  'oldPwd',
  'newPwd',
  'confirmPwd',
  'pwd',
  'Pssword',
];

/** Header naming the scheme, the key id and the wrapped AES key. */
export const FIELD_ENC_HEADER = 'x-field-enc';
/** The one scheme spoken (RSA-OAEP SHA-256 key wrap + AES-256-GCM fields). */
export const FIELD_ENC_SCHEME = 'rsa-oaep-256+a256gcm';
/** Replay window: a ciphertext whose timestamp is further than this from the server's clock is refused. */
export const FIELD_ENC_MAX_AGE_MS = 5 * 60_000;

/** Envelope codes of field-encryption refusals (besides -1 for a malformed or tampered ciphertext). */
export const FieldEncCode = {
  /** The key id is not the server's current key (key changed, other API node): fetch the key, retry. */
  keyUnknown: -40,
  /** Timestamp outside the replay window, or the ciphertext was already used: re-encrypt, retry. */
  expired: -41,
  /** The server requires encryption and a sensitive field came in plain text. */
  required: -42,
} as const;

/** Whether a refusal code tells the client to refetch the public key and send again (once). */
export function isFieldKeyStale(code: number): boolean {
  return code === FieldEncCode.keyUnknown || code === FieldEncCode.expired;
}

/** Answer of `GET /api/Home/GetPublicKey` (public). */
export const FieldPublicKey = z.object({
  /** Key id (base64url of the first 12 bytes of SHA-256 of the SPKI). */
  kid: z.string(),
  /** The RSA public key, DER SubjectPublicKeyInfo in standard base64. */
  spki: z.string(),
  /** The server's clock (ms since epoch) when answering, to correct the client's `t`. */
  serverTime: z.number(),
  /** Whether the server refuses plain-text sensitive fields. */
  required: z.boolean(),
});
export type FieldPublicKeyValue = z.infer<typeof FieldPublicKey>;

/** A sensitive value worth encrypting (empty values carry no secret). */
export function isSecretValue(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/**
 * The objects of a body whose sensitive fields are sealed, each with its additional-data prefix:
 * the body itself (prefix '') or, for an array body, each plain-object item (prefix `<index>.`).
 */
export function sealableObjects(body: unknown): Array<{ obj: Record<string, unknown>; prefix: string }> {
  const isObj = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(body))
    return body.flatMap((item, i) => (isObj(item) ? [{ obj: item, prefix: `${i}.` }] : []));
  return isObj(body) ? [{ obj: body, prefix: '' }] : [];
}

/** Whether a JSON body has any non-empty sensitive field. */
export function hasSecretFields(body: unknown): boolean {
  return sealableObjects(body).some(({ obj }) => SENSITIVE_FIELDS.some((f) => isSecretValue(obj[f])));
}

/** Standard base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Bytes of standard base64. @throws on invalid base64. */
export function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i += 1) out[i] = s.charCodeAt(i);
  return out;
}

const utf8 = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);

/** An imported server key, ready to seal. */
export interface FieldKey {
  kid: string;
  key: CryptoKey;
  /** Server clock minus local clock when the key was fetched (ms). */
  clockOffsetMs: number;
}

/** Import the public key answer (`clockOffsetMs` from its serverTime and the local clock now). */
export async function importFieldKey(info: FieldPublicKeyValue): Promise<FieldKey> {
  const key = await globalThis.crypto.subtle.importKey(
    'spki',
    fromBase64(info.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return { kid: info.kid, key, clockOffsetMs: info.serverTime - Date.now() };
}

/** Parsed `x-field-enc` header. */
export interface FieldEncHeader {
  scheme: string;
  kid: string;
  ek: string;
}

/** Format the header value. */
export function formatFieldEncHeader(h: FieldEncHeader): string {
  return `${h.scheme}; kid=${h.kid}; ek=${h.ek}`;
}

/** Parse the header value; null when malformed. */
export function parseFieldEncHeader(value: string): FieldEncHeader | null {
  const [scheme, ...params] = value.split(';').map((p) => p.trim());
  const map = new Map<string, string>();
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq > 0) map.set(p.slice(0, eq), p.slice(eq + 1));
  }
  const kid = map.get('kid');
  const ek = map.get('ek');
  return scheme && kid && ek ? { scheme, kid, ek } : null;
}

/**
 * Seal the sensitive fields of a JSON body (a copy; the input is not changed).
 * @returns the sealed body and the header value, or null when the body has no secret field.
 * @param now the local clock (ms), corrected by the key's clock offset.
 */
export async function sealFields<T>(
  body: T,
  fieldKey: FieldKey,
  now: number = Date.now(),
): Promise<{ body: T; header: string } | null> {
  if (!hasSecretFields(body)) return null;
  const subtle = globalThis.crypto.subtle;
  const raw = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const aes = await subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const wrapped = new Uint8Array(
    await subtle.encrypt({ name: 'RSA-OAEP', label: utf8(fieldKey.kid) }, fieldKey.key, raw),
  );
  raw.fill(0);
  const t = Math.round(now + fieldKey.clockOffsetMs);
  const copy: unknown = Array.isArray(body)
    ? body.map((item: unknown) =>
        typeof item === 'object' && item !== null && !Array.isArray(item) ? { ...item } : item,
      )
    : { ...(body as object) };
  for (const { obj, prefix } of sealableObjects(copy)) {
    for (const field of SENSITIVE_FIELDS) {
      const v = obj[field];
      if (!isSecretValue(v)) continue;
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const ct = new Uint8Array(
        await subtle.encrypt(
          { name: 'AES-GCM', iv, additionalData: utf8(prefix + field) },
          aes,
          utf8(JSON.stringify({ v, t })),
        ),
      );
      obj[field] = `${toBase64(iv)}.${toBase64(ct)}`;
    }
  }
  return {
    body: copy as T,
    header: formatFieldEncHeader({ scheme: FIELD_ENC_SCHEME, kid: fieldKey.kid, ek: toBase64(wrapped) }),
  };
}
