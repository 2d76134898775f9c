/**
 * The viewer area of the preview overlay, chosen by preview kind (spec 001 §2 "Viewer by file suffix"):
 * models → 3D viewer, image → `<img>` at most 50%, PDF and office renditions → bundled pdf.js viewer,
 * DWG/DXF → 2D drawing viewer (dxf-viewer, lazily loaded), text → `<pre>`, video → native player
 * (original or MP4 rendition, with poster), other → a card with a download button; while a rendition is being made, its status and progress. Height: viewport − 57px, minus a further
 * 48px for non-model files (001 §2).
 */
import type { ReactElement, ReactNode } from 'react';
import { StatusType, type PreviewInfoValue } from '@bimdrive/contracts';
import { bodyHeight, isModelKind, NON_MODEL_GAP } from '../lib/preview-rules.ts';
import { ArchivePreview } from './archive-preview.tsx';
import { ImagePreview, VideoPreview } from './media-preview.tsx';
import { ModelPreview } from './model-preview.tsx';
import { TextPreview } from './text-preview.tsx';
import { UnsupportedPreview } from './unsupported-preview.tsx';
import { FailedState, PendingState } from './conversion-state.tsx';
import { PageImagesPreview } from './page-images-preview.tsx';
import { LoadedDrawingPreview, LoadedPdfPreview } from './loaded-viewers.tsx';

/** Props of PreviewBody. */
export interface PreviewBodyProps {
  info: PreviewInfoValue;
  /** Size text for the no-preview card, when known. */
  sizeText?: string;
  /** Compact chrome for phones. */
  compact?: boolean;
  /** Fill the parent (a page of its own, /bimiframe) instead of the overlay's height (001 §2). */
  fill?: boolean;
  /** The signed-in user's own preview (not a share visitor's, not a link's): models list and link drawings. */
  owner?: boolean;
  /**
   * The overlay's header (name and buttons) to show in a model viewer's toolbar; set when the overlay
   * shows no header bar (001 §2), so the body takes the whole height.
   */
  headerActions?: ReactNode;
}

/** The viewer of one file (001 §2 Viewer by file suffix). */
export function PreviewBody({
  info,
  sizeText,
  compact,
  fill,
  owner,
  headerActions,
}: PreviewBodyProps): ReactElement {
  const model = isModelKind(info.previewKind) || !!fill;
  return (
    <div
      data-testid="preview-body"
      data-kind={info.previewKind}
      style={{
        height: fill ? '100%' : bodyHeight(info.previewKind, !headerActions),
        margin: model ? 0 : `${NON_MODEL_GAP / 2}px 0`,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <BodyContent
        info={info}
        sizeText={sizeText}
        compact={compact}
        owner={owner}
        headerActions={headerActions}
      />
    </div>
  );
}

/** Queued, converting or failed (001 §4) for a file whose rendition is not there yet. */
function ConversionState({ info }: { info: PreviewInfoValue }): ReactElement {
  if (info.statusType === StatusType.failed)
    return (
      <FailedState
        reason={info.statusMsg}
        fileName={info.fileName}
        downloadUrl={info.canDownload ? info.originalUrl : null}
      />
    );
  return <PendingState statusType={info.statusType} progress={info.progress} />;
}

function BodyContent({ info, sizeText, compact, owner, headerActions }: PreviewBodyProps): ReactElement {
  const unsupported = (
    <UnsupportedPreview
      fileName={info.fileName}
      fileSuffix={info.fileSuffix}
      sizeText={sizeText}
      downloadUrl={info.canDownload ? info.originalUrl : null}
    />
  );
  switch (info.previewKind) {
    case 'fragments':
    case 'glb':
      return (
        <ModelPreview info={info} compact={compact} drawingLinks={owner} headerActions={headerActions} />
      );
    case 'image':
      return info.viewUrl ? <ImagePreview url={info.viewUrl} title={info.fileName} /> : unsupported;
    case 'video':
      // Playable original or MP4 rendition; otherwise the conversion's state (issue 14).
      return info.viewUrl ? (
        <VideoPreview url={info.viewUrl} title={info.fileName} poster={info.posterUrl} />
      ) : (
        <ConversionState info={info} />
      );
    case 'drawing':
      // DWG/DXF: the 2D drawing viewer on the derived DXF once converted (issue 13).
      return info.viewUrl ? (
        <LoadedDrawingPreview url={info.viewUrl} layouts={info.drawingLayouts} compact={compact} />
      ) : (
        <ConversionState info={info} />
      );
    case 'text':
      return info.viewUrl ? <TextPreview url={info.viewUrl} /> : unsupported;
    case 'archive':
      // Entries listed by the server; one entry previews or downloads on its own (issue 14).
      return <ArchivePreview info={info} compact={compact} />;
    case 'office':
      // The PDF rendition (LibreOffice) in the same pdf.js viewer once converted (issue 14); a
      // presentation over 100 MB as page pictures (001 §2).
      if (info.pageImageUrl)
        return (
          <PageImagesPreview
            baseUrl={info.pageImageUrl}
            pageCount={info.pageCount ?? 1}
            title={info.fileName}
          />
        );
      if (!info.viewUrl) return <ConversionState info={info} />;
    // falls through
    case 'pdf':
      return info.viewUrl ? <LoadedPdfPreview url={info.viewUrl} /> : unsupported;
    default:
      return unsupported;
  }
}
