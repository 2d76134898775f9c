/**
 * Purpose-bound keys derived from the server secret (the one that signs session tokens, see
 * `tokens.ts` `resolveSecret`): HKDF-SHA256 with a label, so a key used to hash SMS codes can never
 * verify a token or decrypt an avatar path, and rotating JWT_SECRET rotates them all.
 */
import { hkdfSync } from 'node:crypto';

/** Derive a 32-byte key for `label` (e.g. `sms-code`, `avatar-path`) from `secret`. */
export function deriveKey(secret: Uint8Array, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), `bimdrive:${label}`, 32));
}

/** A keyring bound to one secret: `key(label)` answers the derived key (cached). */
export function createKeyring(secret: Uint8Array): (label: string) => Buffer {
  const cache = new Map<string, Buffer>();
  return (label) => {
    let k = cache.get(label);
    if (!k) cache.set(label, (k = deriveKey(secret, label)));
    return k;
  };
}
