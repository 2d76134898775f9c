/**
 * Signed tokens (jose, HS256): session tokens `{sub: userId, sid: sessionId}`, share-visitor tokens
 * `{shr: shareCode}` and short-lived file tickets `{f: fileId, v: variant, dl, n?: version, s?: share
 * code, sid?/u?: session and user}` used in signed URLs. A ticket names where it came from (a share
 * link, a session, or a user's embed link) so that its use is checked against that origin
 * (modules/files/ticket-access.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** What a file ticket grants: the original bytes or a derived output (e.g. `model.frag`). */
export interface FileTicket {
  fileId: string;
  /** 'original' or the derived file name. */
  variant: string;
  /** Serve as attachment (download) rather than inline. */
  download: boolean;
  /** A version other than the file's current one (issue 5 versions); absent = current. */
  version?: number;
  /** The signed-in session (and its user) the ticket was made for: its use re-checks access as that caller. */
  sessionId?: string;
  /** The user it was made for (with `sessionId`: that session; alone: a user's embed or bridge link). */
  userId?: string;
  /** The share link it was handed out by: its use needs the link to be live. */
  shareCode?: string;
}

export interface Tokens {
  signSession(userId: string, sessionId: string, ttlSeconds: number): Promise<string>;
  /** @returns null when invalid or expired. */
  verifySession(token: string): Promise<{ userId: string; sessionId: string } | null>;
  signShare(shareCode: string, ttlSeconds: number): Promise<string>;
  verifyShare(token: string): Promise<string | null>;
  signTicket(t: FileTicket, ttlSeconds: number): Promise<string>;
  verifyTicket(token: string): Promise<FileTicket | null>;
}

/** Load the secret from config, or from/into `<dataDir>/secret.key` on the embedded default. */
export async function resolveSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'secret.key');
  try {
    return new Uint8Array(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64'));
  } catch {
    const key = randomBytes(48);
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, key.toString('base64'), { mode: 0o600 });
    return new Uint8Array(key);
  }
}

/** Create the token service with one HMAC secret. */
export function createTokens(secret: Uint8Array): Tokens {
  const sign = (claims: Record<string, unknown>, aud: string, ttl: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setAudience(aud)
      .setExpirationTime(Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttl)))
      .sign(secret);
  const verify = async (token: string, aud: string) => {
    try {
      return (await jwtVerify(token, secret, { audience: aud, algorithms: ['HS256'] })).payload;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  };
  return {
    signSession: (userId, sessionId, ttl) => sign({ sub: userId, sid: sessionId }, 'session', ttl),
    async verifySession(token) {
      const p = await verify(token, 'session');
      return p && typeof p.sub === 'string' && typeof p.sid === 'string'
        ? { userId: p.sub, sessionId: p.sid }
        : null;
    },
    signShare: (code, ttl) => sign({ shr: code }, 'share', ttl),
    async verifyShare(token) {
      const p = await verify(token, 'share');
      return p && typeof p.shr === 'string' ? p.shr : null;
    },
    signTicket: (t, ttl) =>
      sign(
        {
          f: t.fileId,
          v: t.variant,
          dl: t.download,
          ...(t.version !== undefined ? { n: t.version } : {}),
          ...(t.sessionId !== undefined ? { sid: t.sessionId } : {}),
          ...(t.userId !== undefined ? { u: t.userId } : {}),
          ...(t.shareCode !== undefined ? { s: t.shareCode } : {}),
        },
        'file',
        ttl,
      ),
    async verifyTicket(token) {
      const p = await verify(token, 'file');
      if (!p || typeof p.f !== 'string' || typeof p.v !== 'string') return null;
      return {
        fileId: p.f,
        variant: p.v,
        download: p.dl === true,
        ...(typeof p.n === 'number' ? { version: p.n } : {}),
        ...(typeof p.sid === 'string' ? { sessionId: p.sid } : {}),
        ...(typeof p.u === 'string' ? { userId: p.u } : {}),
        ...(typeof p.s === 'string' ? { shareCode: p.s } : {}),
      };
    },
  };
}
