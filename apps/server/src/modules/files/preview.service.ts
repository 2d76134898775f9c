/**
 * Preview information (spec 001 §2 Preview overlay): which viewer to use and signed URLs for its
 * bytes. Shared by the owner's preview and the share visitor's. When `canDownload` is false the
 * original is never offered: models are viewed from their derived file, images from a rendition.
 * An IFC model with a first-frame preview GLB also gets `previewGlbUrl`.
 */
import type { PreviewInfoValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import type { FileRowDb } from './files.repository.ts';
import { originalKeyOf, previewGlbKeyOf } from '../../storage/local-storage.ts';
import { derivedName, ORIGINAL, PREVIEW, RENDITION, signedFileUrl } from './file-tickets.ts';
import { isModelPreview, previewKindFor } from './preview-kind.ts';

/** Build the preview of a file (or a version's view of it) for a caller already authorised to view it. */
export async function buildPreview(
  ctx: AppContext,
  file: FileRowDb,
  opts: { canDownload: boolean; collected: boolean },
): Promise<PreviewInfoValue> {
  const kind = previewKindFor(file.suffix);
  let viewUrl: string | null = null;
  let previewGlbUrl: string | null = null;
  if (isModelPreview(kind)) {
    const name = derivedName(file);
    viewUrl = name ? await signedFileUrl(ctx, file, name, false) : null;
    if (name && (await ctx.storage.stat(previewGlbKeyOf(originalKeyOf(file)))))
      previewGlbUrl = await signedFileUrl(ctx, file, PREVIEW, false);
  } else if (kind === 'image') {
    viewUrl = await signedFileUrl(ctx, file, opts.canDownload ? ORIGINAL : RENDITION, false);
  } else if (kind !== 'none' && kind !== 'office') {
    viewUrl = await signedFileUrl(ctx, file, ORIGINAL, false);
  }
  return {
    iuid: file.id,
    fileName: file.name,
    fileSuffix: file.suffix,
    statusType: file.statusType,
    statusMsg: file.statusMsg,
    previewKind: kind,
    viewUrl,
    previewGlbUrl,
    originalUrl: opts.canDownload ? await signedFileUrl(ctx, file, ORIGINAL, true) : null,
    canDownload: opts.canDownload,
    collectbit: opts.collected,
  };
}
