import { describe, expect, it } from 'vitest';
import {
  formatFieldEncHeader,
  fromBase64,
  hasSecretFields,
  isFieldKeyStale,
  parseFieldEncHeader,
  sealableObjects,
  toBase64,
} from './field-crypto.ts';

describe('field encryption helpers (000 §7)', () => {
  it('formats and parses the x-field-enc header; malformed headers are null', () => {
    const h = { scheme: 'rsa-oaep-256+a256gcm', kid: 'abc_DEF-123', ek: 'a+b/c==' };
    expect(parseFieldEncHeader(formatFieldEncHeader(h))).toEqual(h);
    expect(parseFieldEncHeader('rsa-oaep-256+a256gcm; kid=abc')).toBeNull();
    expect(parseFieldEncHeader('')).toBeNull();
    expect(parseFieldEncHeader('; kid=a; ek=b')).toBeNull();
  });

  it('finds the sealable objects of a body: the object, or each object item of an array', () => {
    expect(sealableObjects({ a: 1 })).toEqual([{ obj: { a: 1 }, prefix: '' }]);
    expect(sealableObjects([{ a: 1 }, 'x', null, [1], { b: 2 }])).toEqual([
      { obj: { a: 1 }, prefix: '0.' },
      { obj: { b: 2 }, prefix: '4.' },
    ]);
    expect(sealableObjects('text')).toEqual([]);
    expect(sealableObjects(null)).toEqual([]);
  });

  it('only non-empty sensitive fields are secrets', () => {
    expect(hasSecretFields({ phone: '13800000000', password: '' })).toBe(false);
    expect(hasSecretFields({ password: 'x' })).toBe(true);
    expect(hasSecretFields([{ Pssword: '' }, { Pssword: 'ab12' }])).toBe(true);
    expect(hasSecretFields({ nested: { password: 'x' } })).toBe(false); // top level only
    expect(hasSecretFields({ code: 0 })).toBe(true);
  });

  it('base64 round-trips long byte arrays', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    const b64 = toBase64(bytes);
    expect(b64).toBe(Buffer.from(bytes).toString('base64'));
    expect(fromBase64(b64)).toEqual(bytes);
  });

  it('unknown key (-40) and stale ciphertext (-41) make the client resend; others do not', () => {
    expect(isFieldKeyStale(-40)).toBe(true);
    expect(isFieldKeyStale(-41)).toBe(true);
    expect(isFieldKeyStale(-42)).toBe(false);
    expect(isFieldKeyStale(-1)).toBe(false);
  });
});
