/**
 * Private-deployment licence (spec 000 §2 "Navigation guard" step 3, /systemInitError).
 *
 * A licence is a JSON object `{customer, expiresAt, …, signature}`:
 * - `customer` (string) and `expiresAt` (ISO 8601 date-time, or null for no end) are required; any
 *   other field (issuedAt, seats, note…) is covered by the signature too.
 * - `signature` is the base64 Ed25519 signature (node:crypto) of the canonical payload: every field
 *   except `signature`, object keys sorted recursively, serialised with `JSON.stringify`.
 *
 * `checkLicence` answers `missing` (no file: 系统验证文件异常！！！), `invalid` (unreadable JSON,
 * missing fields, no or bad public key, bad signature) or `expired` (both 系统验证失败！！！), or
 * `valid`. The result of reading and verifying a file is cached by path, size and modification
 * time, so checking on every request costs one `stat`; expiry is re-evaluated on every call.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';

/** Outcome of a licence check. */
export type LicenceStatus = 'valid' | 'missing' | 'invalid' | 'expired';

const LicenceFile = z
  .object({
    customer: z.string().min(1),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    signature: z.string().min(1),
  })
  .loose();

/** A licence's signed fields (everything but `signature`). */
export type LicencePayload = { customer: string; expiresAt: string | null } & Record<string, unknown>;

/** Sort object keys recursively so the signed bytes do not depend on key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = canonical((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
}

/** The exact bytes that are signed: the licence without `signature`, canonical JSON. */
export function licenceSigningBytes(licence: Record<string, unknown>): Buffer {
  const { signature: _omit, ...payload } = licence;
  return Buffer.from(JSON.stringify(canonical(payload)), 'utf8');
}

/** A new Ed25519 key pair as PEM strings (SPKI public, PKCS#8 private). */
export function generateLicenceKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * Sign a licence payload with an Ed25519 private key (PEM).
 * @returns the licence object with its base64 `signature`.
 */
export function signLicence(payload: LicencePayload, privateKeyPem: string): Record<string, unknown> {
  const key = createPrivateKey(privateKeyPem);
  const signature = sign(null, licenceSigningBytes(payload), key).toString('base64');
  return { ...payload, signature };
}

/** The licence's end when its shape and signature are good; `undefined` when not. */
function signedEnd(raw: unknown, publicKeyPem: string | undefined): string | null | undefined {
  const parsed = LicenceFile.safeParse(raw);
  if (!parsed.success || !publicKeyPem) return undefined;
  try {
    const key = createPublicKey(publicKeyPem);
    if (key.asymmetricKeyType !== 'ed25519') return undefined;
    const sig = Buffer.from(parsed.data.signature, 'base64');
    return verify(null, licenceSigningBytes(parsed.data), key, sig) ? parsed.data.expiresAt : undefined;
  } catch {
    return undefined;
  }
}

const ended = (end: string | null, now: Date) => end !== null && new Date(end).getTime() <= now.getTime();

/**
 * Verify a parsed licence against a public key at time `now`.
 * @returns `valid`, `expired`, or `invalid` (bad shape, key or signature).
 */
export function verifyLicence(
  raw: unknown,
  publicKeyPem: string | undefined,
  now = new Date(),
): LicenceStatus {
  const end = signedEnd(raw, publicKeyPem);
  if (end === undefined) return 'invalid';
  return ended(end, now) ? 'expired' : 'valid';
}

interface CacheEntry {
  fingerprint: string;
  /** Status ignoring time, and the end used to re-check expiry. */
  signed: 'valid' | 'invalid';
  expiresAt: string | null;
}
const cache = new Map<string, CacheEntry>();

/**
 * Check the licence file at `file` with `publicKeyPem` (see module doc).
 * @returns `missing` when the file does not exist, otherwise the verification status.
 */
export async function checkLicence(
  file: string,
  publicKeyPem: string | undefined,
  now = new Date(),
): Promise<LicenceStatus> {
  let fingerprint: string;
  try {
    const s = await stat(file);
    if (!s.isFile()) return 'missing';
    fingerprint = `${s.size}:${s.mtimeMs}:${publicKeyPem ?? ''}`;
  } catch {
    return 'missing';
  }
  let entry = cache.get(file);
  if (entry?.fingerprint !== fingerprint) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      raw = null;
    }
    const end = signedEnd(raw, publicKeyPem);
    entry = { fingerprint, signed: end === undefined ? 'invalid' : 'valid', expiresAt: end ?? null };
    cache.set(file, entry);
  }
  if (entry.signed === 'invalid') return 'invalid';
  return ended(entry.expiresAt, now) ? 'expired' : 'valid';
}
