/**
 * Preview information (spec 001 §2 Preview overlay): which viewer to use and signed URLs for its
 * bytes. Shared by the owner's preview and the share visitor's. When `canDownload` is false the
 * original is never offered: models are viewed from their derived file, images from a rendition.
 * An IFC model with a first-frame preview GLB also gets `previewGlbUrl`. Office documents show
 * their PDF rendition; videos play through `GET /api/home/GetVideoFile` (001 §7) — the original when
 * browsers play it, otherwise the MP4 rendition — with the poster frame as `posterUrl` (issue 14).
 */
import { RENDITION_IMAGE_SUFFIXES, VIDEO_SUFFIXES, type PreviewInfoValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { FileRowDb } from './files.repository.ts';
import { originalKeyOf, previewGlbKeyOf } from '../../storage/local-storage.ts';
import {
  derivedName,
  ORIGINAL,
  POSTER,
  posterKeyOf,
  PREVIEW,
  RENDITION,
  pageImagesUrl,
  signedFileUrl,
  type TicketOrigin,
  VIDEO_RENDITION,
  videoUrl,
} from './file-tickets.ts';
import { isModelPreview, previewKindFor } from './preview-kind.ts';
import { pageCountOf, showsPageImages } from './page-images.ts';

const RENDITION_SUFFIXES: readonly string[] = RENDITION_IMAGE_SUFFIXES;

/**
 * Build the preview of a file (or a version's view of it) for a caller already authorised to view it.
 * `origin` is where its signed URLs come from (checked at each use, file-tickets.ts).
 */
export async function buildPreview(
  ctx: AppContext,
  file: FileRowDb,
  opts: { canDownload: boolean; collected: boolean; origin: TicketOrigin },
): Promise<PreviewInfoValue> {
  const origin = opts.origin;
  const kind = previewKindFor(file.suffix);
  let viewUrl: string | null = null;
  let previewGlbUrl: string | null = null;
  let posterUrl: string | null = null;
  let pageImageUrl: string | null = null;
  if (isModelPreview(kind)) {
    const name = derivedName(file);
    viewUrl = name ? await signedFileUrl(ctx, file, name, false, origin) : null;
    if (name && (await ctx.storage.stat(previewGlbKeyOf(originalKeyOf(file)))))
      previewGlbUrl = await signedFileUrl(ctx, file, PREVIEW, false, origin);
  } else if (kind === 'image') {
    // tif/tiff, bmp and svg always show as a WebP rendition (svg rasterised: no script can run).
    const rendition = !opts.canDownload || RENDITION_SUFFIXES.includes(file.suffix);
    viewUrl = await signedFileUrl(ctx, file, rendition ? RENDITION : ORIGINAL, false, origin);
  } else if (kind === 'office') {
    // The PDF rendition once converted (derivedName is null before); page pictures when too large.
    const name = derivedName(file);
    if (name && showsPageImages(file)) pageImageUrl = await pageImagesUrl(ctx, file, origin);
    else viewUrl = name ? await signedFileUrl(ctx, file, name, false, origin) : null;
  } else if (kind === 'drawing') {
    // The derived ASCII DXF (drawing.dxf) once converted; null before (issue 13).
    const name = derivedName(file);
    viewUrl = name ? await signedFileUrl(ctx, file, name, false, origin) : null;
  } else if (kind === 'video') {
    const name = derivedName(file);
    if (name === VIDEO_RENDITION) viewUrl = await videoUrl(ctx, file, name, origin);
    // The original while it is probed, and for good when browsers play it as it is (001 §2).
    else if (playableOriginal(file)) viewUrl = await videoUrl(ctx, file, ORIGINAL, origin);
    if (name && (await ctx.storage.stat(posterKeyOf(file))))
      posterUrl = await signedFileUrl(ctx, file, POSTER, false, origin);
  } else if (kind !== 'none' && kind !== 'archive') {
    // Archives list their entries through Api.archiveEntries (modules/archives).
    viewUrl = await signedFileUrl(ctx, file, ORIGINAL, false, origin);
  }
  return {
    iuid: file.id,
    fileName: file.name,
    fileSuffix: file.suffix,
    statusType: file.statusType,
    statusMsg: file.statusMsg,
    progress: file.progress,
    previewKind: kind,
    viewUrl,
    posterUrl,
    pageImageUrl,
    pageCount: kind === 'office' ? pageCountOf(file) : null,
    drawingLayouts: kind === 'drawing' ? layoutsOf(file) : [],
    previewGlbUrl,
    originalUrl: opts.canDownload ? await signedFileUrl(ctx, file, ORIGINAL, true, origin) : null,
    canDownload: opts.canDownload,
    collectbit: opts.collected,
  };
}

/** The paper-space layouts the drawing converter found (files.stats.layouts), in tab order. */
function layoutsOf(file: FileRowDb): string[] {
  const layouts = (file.stats as { layouts?: unknown } | null)?.layouts;
  return Array.isArray(layouts)
    ? layouts.filter((n): n is string => typeof n === 'string').slice(0, 200)
    : [];
}

/** Whether the original of a video plays in browsers as it is: a native suffix not found to need transcoding. */
function playableOriginal(file: FileRowDb): boolean {
  if (!(VIDEO_SUFFIXES as readonly string[]).includes(file.suffix)) return false;
  // Failed (unreadable) or transcoded (derived MP4) originals are not offered for playing.
  return file.statusType !== 4;
}
