/**
 * Signed, short-lived URLs for file bytes (spec 001 §7 GetossFile "data (URL)"). A ticket names the
 * file and the variant (original, a derived model file, or an image rendition), and the origin it was
 * handed out for: a signed-in session, a share link, or a user's embed link (`TicketOrigin`). The
 * URL works without headers, so browsers can use it in <img>, <video>, fetch and downloads; each use
 * is checked against its origin (ticket-access.ts), so a cancelled or expired share, an ended session
 * or a lost right revokes the URLs already handed out within seconds.
 */
import { Api } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { FileTicket } from '../../lib/tokens.ts';
import type { Caller } from '../auth/caller.ts';
import type { FileRowDb } from './files.repository.ts';
import { derivedDirOf, originalKeyOf } from '../../storage/local-storage.ts';

/** Lifetime of a signed URL in seconds (long enough for a large download to start and resume). */
export const TICKET_TTL_SECONDS = 6 * 3600;

/** Variant names a ticket may carry. */
export const ORIGINAL = 'original';
export const RENDITION = 'rendition';
/** The first-frame preview GLB of an IFC model (converters/model-preview.ts). */
export const PREVIEW = 'preview';
/** A video's poster frame (converters/video/video-to-mp4.ts), beside its derived files. */
export const POSTER = 'poster.jpg';
/** Page pictures of a large presentation's PDF rendition (page-images.ts; 001 §2). */
export const PAGES = 'pages';
/** A video's MP4 rendition (its derived file when transcoded). */
export const VIDEO_RENDITION = 'video.mp4';

/**
 * Where a signed URL comes from, checked at every use: a signed-in session (its caller must still
 * be signed in and allowed the file), a share link (it must be live and its creator still allowed),
 * or a user alone (embed and bridge links, which outlive sessions; the user must still be allowed).
 */
export type TicketOrigin = { sessionId: string; userId: string } | { shareCode: string } | { userId: string };

/** The origin of URLs handed to a signed-in caller. */
export const sessionOrigin = (caller: Caller): TicketOrigin => ({
  sessionId: caller.sessionId,
  userId: caller.user.id,
});

/** The ticket claims of an origin. */
export function originClaims(o: TicketOrigin): Pick<FileTicket, 'sessionId' | 'userId' | 'shareCode'> {
  if ('shareCode' in o) return { shareCode: o.shareCode };
  if ('sessionId' in o) return { sessionId: o.sessionId, userId: o.userId };
  return { userId: o.userId };
}

/** Storage key of a video's poster frame. */
export const posterKeyOf = (file: FileRowDb) => `${derivedDirOf(originalKeyOf(file))}/${POSTER}`;

/**
 * A video URL through `GET /api/home/GetVideoFile?fileUrl=` (spec 001 §7 "video stream, original and
 * converted"): `fileUrl` is the same signed ticket as signedFileUrl's, for the original or the MP4.
 */
export async function videoUrl(
  ctx: AppContext,
  file: FileRowDb,
  variant: string,
  origin: TicketOrigin,
): Promise<string> {
  const t = await ctx.tokens.signTicket(
    { fileId: file.id, variant, download: false, version: file.versionNo, ...originClaims(origin) },
    TICKET_TTL_SECONDS,
  );
  return `${Api.videoFile}?fileUrl=${encodeURIComponent(t)}`;
}

/** Signed URL (path + query, same origin) for a variant of a file row (or a version's view of it). */
export async function signedFileUrl(
  ctx: AppContext,
  file: FileRowDb,
  variant: string,
  download: boolean,
  origin: TicketOrigin,
): Promise<string> {
  // The version pins the bytes: the URL keeps serving the version it was made for (issue 5).
  const t = await ctx.tokens.signTicket(
    { fileId: file.id, variant, download, version: file.versionNo, ...originClaims(origin) },
    TICKET_TTL_SECONDS,
  );
  return `${Api.signedFile}?t=${encodeURIComponent(t)}`;
}

/** Name of the derived model file (e.g. "model.frag"), or null when not converted. */
export function derivedName(file: FileRowDb): string | null {
  if (!file.derivedKey || file.statusType !== 3) return null;
  return file.derivedKey.slice(file.derivedKey.lastIndexOf('/') + 1);
}

/** Base URL of a large presentation's page pictures (`&page=N` appended by the viewer; 001 §7). */
export async function pageImagesUrl(ctx: AppContext, file: FileRowDb, origin: TicketOrigin): Promise<string> {
  const t = await ctx.tokens.signTicket(
    { fileId: file.id, variant: PAGES, download: false, version: file.versionNo, ...originClaims(origin) },
    TICKET_TTL_SECONDS,
  );
  return `${Api.pictureFile}?t=${encodeURIComponent(t)}`;
}
