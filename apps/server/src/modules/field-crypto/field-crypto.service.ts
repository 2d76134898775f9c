/**
 * Server side of sensitive-field encryption (spec 000 §7 "Sensitive fields are encrypted on the
 * client before sending"; scheme in `@bimdrive/contracts` field-crypto.ts): the RSA key pair and
 * opening a sealed JSON body before zod validation.
 *
 * The key pair is RSA 2048 (PKCS#8 PEM): from `FIELD_KEY_PEM` (several API nodes must share one key),
 * else `<DATA_DIR>/field-key.pem` (mode 0600), generated at first start.
 */
import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  constants,
  generateKeyPair,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  FIELD_ENC_MAX_AGE_MS,
  FIELD_ENC_SCHEME,
  FieldEncCode,
  isSecretValue,
  parseFieldEncHeader,
  SENSITIVE_FIELDS,
  sealableObjects,
} from '@bimdrive/contracts';
import { AppError } from '../../lib/errors.ts';

/** The server's field-encryption key. */
export interface FieldKeyPair {
  /** Key id: base64url of the first 12 bytes of SHA-256 of the SPKI DER. */
  kid: string;
  /** Public key, SPKI DER in standard base64 (what `GetPublicKey` answers). */
  spki: string;
  privateKey: KeyObject;
}

/** `required`: plain-text sensitive fields are refused; `optional`: accepted (development, tests). */
export type FieldEncryptionMode = 'required' | 'optional';

/** File name of the generated key under DATA_DIR. */
export const FIELD_KEY_FILE = 'field-key.pem';

function keyPairOf(pem: string): FieldKeyPair {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'rsa' || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
    throw new Error('FIELD_KEY_PEM: an RSA private key of at least 2048 bits is required');
  const der = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const kid = createHash('sha256').update(der).digest().subarray(0, 12).toString('base64url');
  return { kid, spki: der.toString('base64'), privateKey };
}

/**
 * Load the key pair: the configured PEM (literal `\n` sequences allowed, for one-line environment
 * values), or `<dataDir>/field-key.pem`, created (RSA 2048, mode 0600) when missing.
 * @throws Error when the PEM is not an RSA private key of ≥ 2048 bits.
 */
export async function resolveFieldKey(
  configuredPem: string | undefined,
  dataDir: string,
): Promise<FieldKeyPair> {
  if (configuredPem) return keyPairOf(configuredPem.replace(/\\n/g, '\n'));
  const file = path.join(dataDir, FIELD_KEY_FILE);
  try {
    return keyPairOf(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, pem, { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err; // another process of the same DATA_DIR won the race: use its key
  });
  return keyPairOf(await readFile(file, 'utf8'));
}

/** Messages of the refusals (shown by the web client as they are). */
export const FieldEncMessages = {
  required:
    '为保护密码安全，密码和验证码须加密后发送，但当前浏览器无法加密：请通过 HTTPS（或本机 localhost）地址访问本系统',
  keyUnknown: '加密密钥已更新，请重试',
  expired: '加密数据已过期，请重试',
  invalid: '加密数据无效，请刷新页面后重试',
} as const;

const invalid = () => new AppError(400, FieldEncMessages.invalid);

/**
 * Opener of sealed bodies. `open` answers the body with every sensitive field replaced by its value,
 * or the body unchanged when there is no `x-field-enc` header (refused in `required` mode when a
 * non-empty sensitive field is present).
 * @throws AppError 400: code -42 plain text refused, -40 unknown key id, -41 outside the 5-minute
 *   window or already used, -1 malformed or tampered.
 */
export function fieldOpener(key: FieldKeyPair, mode: FieldEncryptionMode, now: () => number = Date.now) {
  /**
   * Wrapped keys seen within the window (this process): a captured request cannot be replayed here.
   * Kept in arrival order, so expired entries are dropped from the front; at most `MAX_SEEN` kept.
   */
  const seen = new Map<string, number>();
  const MAX_SEEN = 200_000;
  const remember = (ek: string, t: number): boolean => {
    for (const [k, until] of seen) {
      if (until >= t && seen.size < MAX_SEEN) break;
      seen.delete(k);
    }
    const id = createHash('sha256').update(ek).digest('base64url');
    if (seen.has(id)) return false;
    seen.set(id, t + 2 * FIELD_ENC_MAX_AGE_MS);
    return true;
  };

  return {
    open(body: unknown, header: string | undefined): unknown {
      const objects = sealableObjects(body);
      if (header === undefined) {
        if (
          mode === 'required' &&
          objects.some(({ obj }) => SENSITIVE_FIELDS.some((f) => isSecretValue(obj[f])))
        )
          throw new AppError(400, FieldEncMessages.required, FieldEncCode.required);
        return body;
      }
      const h = parseFieldEncHeader(header);
      if (!h || h.scheme !== FIELD_ENC_SCHEME) throw invalid();
      if (h.kid !== key.kid) throw new AppError(400, FieldEncMessages.keyUnknown, FieldEncCode.keyUnknown);
      let aesKey: Buffer;
      try {
        aesKey = privateDecrypt(
          {
            key: key.privateKey,
            padding: constants.RSA_PKCS1_OAEP_PADDING,
            oaepHash: 'sha256',
            oaepLabel: Buffer.from(h.kid, 'utf8'),
          },
          Buffer.from(h.ek, 'base64'),
        );
      } catch {
        throw invalid();
      }
      if (aesKey.length !== 32) throw invalid();
      const at = now();
      for (const { obj, prefix } of objects) {
        for (const field of SENSITIVE_FIELDS) {
          const sealed = obj[field];
          if (!isSecretValue(sealed)) continue;
          if (typeof sealed !== 'string') throw invalid();
          const [ivB64, ctB64, extra] = sealed.split('.');
          if (!ivB64 || !ctB64 || extra !== undefined) throw invalid();
          const iv = Buffer.from(ivB64, 'base64');
          const ct = Buffer.from(ctB64, 'base64');
          if (iv.length !== 12 || ct.length < 17) throw invalid();
          let plain: { v?: unknown; t?: unknown };
          try {
            const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
            decipher.setAAD(Buffer.from(prefix + field, 'utf8'));
            decipher.setAuthTag(ct.subarray(ct.length - 16));
            const text = Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]);
            plain = JSON.parse(text.toString('utf8')) as { v?: unknown; t?: unknown };
          } catch {
            throw invalid();
          }
          if (typeof plain !== 'object' || plain === null || !('v' in plain) || typeof plain.t !== 'number')
            throw invalid();
          if (Math.abs(at - plain.t) > FIELD_ENC_MAX_AGE_MS)
            throw new AppError(400, FieldEncMessages.expired, FieldEncCode.expired);
          obj[field] = plain.v;
        }
      }
      // Only a request that opened completely counts as used (a refused one may be sent again fixed).
      if (!remember(h.ek, at)) throw new AppError(400, FieldEncMessages.expired, FieldEncCode.expired);
      return body;
    },
  };
}
export type FieldOpener = ReturnType<typeof fieldOpener>;
