/**
 * The check of a signed URL at its use (issue 15 revocation): a ticket is honoured only while its
 * origin still allows it (file-tickets.ts `TicketOrigin`):
 * - a share link: live (not cancelled, not expired) and still the link of this file, its creator still
 *   allowed to share the file (shares.service `grant`), downloads only where the link allows them;
 * - a session: still signed in (not logged out, not ended by a sign-in elsewhere, not expired) and
 *   still allowed to view the file — or download it, for a download ticket;
 * - a user alone (embed and bridge links): the account still exists and may view the file.
 * A ticket naming no origin is refused. A positive answer is remembered for `TICKET_RECHECK_MS` per
 * ticket, so the requests of one viewer (Range requests of a video, page pictures) cost one check,
 * and a revocation takes effect within that time on every node.
 */
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FileTicket } from '../../lib/tokens.ts';
import { authRepository } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { SharesService } from '../shares/shares.service.ts';
import { versionsRepository, viewAtVersion } from '../versions/versions.repository.ts';
import { filesRepository, type FileRowDb } from './files.repository.ts';
import type { FilesService } from './files.service.ts';

/** How long a ticket found valid is trusted without asking again (milliseconds). */
export const TICKET_RECHECK_MS = 3000;

/** Remembered answers per checker, at most this many (then started afresh). */
const MEMO_MAX = 10_000;

/** Message of a revoked or unusable signed URL. */
export const TICKET_REFUSED_MSG = '链接已失效，请刷新后重试';

/** The ticket checker bound to the app context. */
export function ticketAccess(
  ctx: AppContext,
  deps: { auth: AuthService; files: FilesService; shares: SharesService },
) {
  const { auth, files, shares } = deps;
  const users = authRepository(ctx.db);
  const repo = filesRepository(ctx.db);
  const versions = versionsRepository(ctx.db);
  /** token → time until which it is trusted. */
  const trusted = new Map<string, number>();

  async function askOrigin(t: FileTicket): Promise<void> {
    const action = t.download ? 'download' : 'view';
    if (t.shareCode !== undefined) {
      await shares.grant(t.shareCode, t.fileId, action);
    } else if (t.sessionId !== undefined && t.userId !== undefined) {
      const caller = await auth.authenticateSession(t.userId, t.sessionId);
      await files.requireFile(caller, t.fileId, action);
    } else if (t.userId !== undefined && !t.download) {
      const user = await users.findUserById(t.userId);
      if (!user) throw new AppError(403, TICKET_REFUSED_MSG);
      await files.requireFile({ user, sessionId: '' }, t.fileId, 'view');
    } else {
      throw new AppError(403, TICKET_REFUSED_MSG);
    }
  }

  /**
   * Whether the ticket `token` (already verified as `ticket`) may still be used.
   * @throws 403 `TICKET_REFUSED_MSG` when its origin no longer allows it.
   */
  async function check(token: string, ticket: FileTicket): Promise<void> {
    const now = Date.now();
    if ((trusted.get(token) ?? 0) > now) return;
    try {
      await askOrigin(ticket);
    } catch (err) {
      trusted.delete(token);
      if (err instanceof AppError) throw new AppError(403, TICKET_REFUSED_MSG);
      throw err;
    }
    if (trusted.size >= MEMO_MAX) trusted.clear();
    trusted.set(token, now + TICKET_RECHECK_MS);
  }

  /**
   * The file a verified ticket `token` (`ticket`) grants, while its origin still allows it (`check`),
   * as of the ticket's version (a ticket made for another version than the current one serves that
   * version, issue 5).
   * @throws 404 when the file is gone or a folder, or the version is gone; 403 `TICKET_REFUSED_MSG`
   *   as `check`.
   */
  async function fileOf(token: string, ticket: FileTicket): Promise<FileRowDb> {
    const f = await repo.findById(ticket.fileId);
    if (!f || f.kind !== 2) throw notFound();
    await check(token, ticket);
    if (ticket.version === undefined || ticket.version === f.versionNo) return f;
    const v = await versions.find(f.id, ticket.version);
    if (!v) throw notFound('该版本不存在或已被删除');
    return viewAtVersion(f, v);
  }

  return {
    check,
    fileOf,

    /**
     * What a signed file ticket grants (file-serve.routes.ts): the ticket and its file (`fileOf`).
     * @throws 403 `TICKET_REFUSED_MSG` for a bad or expired ticket, else as `fileOf`.
     */
    async open(token: string): Promise<{ ticket: FileTicket; file: FileRowDb }> {
      const ticket = await ctx.tokens.verifyTicket(token);
      if (!ticket) throw new AppError(403, TICKET_REFUSED_MSG);
      return { ticket, file: await fileOf(token, ticket) };
    },
  };
}
export type TicketAccess = ReturnType<typeof ticketAccess>;
