/**
 * Avatars (000 §3 Personal form `avator`, §5 "image files only", §7 `GET /api/home/GetimgFile`):
 * an uploaded file must decode as a raster image (sharp reads it — the extension and the declared
 * type count for nothing), is turned upright, centre-cropped and resized to 256×256 WebP, and kept
 * under `avatars/<userId>/<random>.webp`. Clients only ever see that key encrypted (AES-256-GCM with
 * a synthetic IV, keys derived from the server secret): `fileUrl` cannot be guessed, altered or
 * pointed elsewhere, and the same avatar always has the same URL (cacheable).
 */
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { Api, AccountMessages } from '@bimdrive/contracts';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../lib/errors.ts';

/** Side of the stored square avatar (px). */
export const AVATAR_SIZE = 256;
/** Raster formats accepted as avatars (sharp's names). SVG and PDF are refused (not plain images). */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decoding limit against decompression bombs (pixels). */
const MAX_INPUT_PIXELS = 50_000_000;
/** Shape of a stored avatar key. */
const AVATAR_KEY = /^avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.webp$/;

/** Whether a stored `users.avatar` value is an avatar kept by this server (not an external URL). */
export const isStoredAvatar = (stored: string): boolean => AVATAR_KEY.test(stored);

/**
 * Check that `bytes` is a raster image and make the stored avatar: upright, centre-cropped, 256×256 WebP.
 * @throws 400 请上传图片文件 when it is not one.
 */
export async function makeAvatar(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) format = undefined;
  } catch {
    format = undefined;
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw badRequest(AccountMessages.imageOnly);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(AccountMessages.imageOnly);
  }
}

/** Encrypt a storage key into the opaque `fileUrl` value (base64url of iv ‖ ciphertext ‖ tag). */
export function encryptAvatarPath(ctx: Pick<AppContext, 'secretKey'>, key: string): string {
  const iv = createHmac('sha256', ctx.secretKey('avatar-path-iv')).update(key).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', ctx.secretKey('avatar-path'), iv);
  const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** Open a `fileUrl` value; null when it was not made by this server or does not name an avatar. */
export function decryptAvatarPath(ctx: Pick<AppContext, 'secretKey'>, fileUrl: string): string | null {
  try {
    const raw = Buffer.from(fileUrl, 'base64url');
    if (raw.length < 12 + 16 + 1) return null;
    const decipher = createDecipheriv('aes-256-gcm', ctx.secretKey('avatar-path'), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const key = Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
    return isStoredAvatar(key) ? key : null;
  } catch {
    return null;
  }
}

/**
 * The `avatar` URL of the session user (000 §3): '' without one, the GetimgFile URL of a stored
 * avatar, or an external URL as stored (e.g. a chat-app avatar).
 */
export function avatarUrl(ctx: Pick<AppContext, 'secretKey'>, stored: string): string {
  if (!stored) return '';
  if (!isStoredAvatar(stored)) return /^https?:\/\//.test(stored) ? stored : '';
  return `${Api.imgFile}?fileUrl=${encryptAvatarPath(ctx, stored)}`;
}
