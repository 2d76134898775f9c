/** Random share codes and extraction codes from a CSPRNG (rejection sampling, no modulo bias). */
import { randomInt, timingSafeEqual, createHash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PWD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no look-alikes (0/o, 1/l/i)

function randomString(alphabet: string, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** A share code: 10 base62 characters (~59 bits). */
export const newShareCode = () => randomString(BASE62, 10);
/** A generated extraction code: 4 characters, as users know them from cloud drives. */
export const newExtractionCode = () => randomString(PWD_ALPHABET, 4);

/** Compare two extraction codes in constant time, case-insensitively. */
export function sameCode(a: string, b: string): boolean {
  const h = (s: string) => createHash('sha256').update(s.trim().toLowerCase()).digest();
  return timingSafeEqual(h(a), h(b));
}
