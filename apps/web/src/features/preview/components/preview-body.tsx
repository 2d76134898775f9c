/**
 * The viewer area of the preview overlay, chosen by preview kind (spec 001 §2 "Viewer by file suffix"):
 * models → 3D viewer, image → `<img>` at most 50%, PDF → bundled pdf.js viewer, text → `<pre>`, video →
 * native player, office/other → a card with a download button. Height: viewport − 57px, minus a further
 * 48px for non-model files (001 §2).
 */
import { Spin } from 'antd';
import { lazy, Suspense, type ReactElement } from 'react';
import type { PreviewInfoValue } from '@bimdrive/contracts';
import { bodyHeight, isModelKind, NON_MODEL_GAP } from '../lib/preview-rules.ts';
import { ImagePreview, VideoPreview } from './media-preview.tsx';
import { ModelPreview } from './model-preview.tsx';
import { TextPreview } from './text-preview.tsx';
import { UnsupportedPreview } from './unsupported-preview.tsx';

const PdfPreview = lazy(() => import('./pdf-preview.tsx').then((m) => ({ default: m.PdfPreview })));

/** Props of PreviewBody. */
export interface PreviewBodyProps {
  info: PreviewInfoValue;
  /** Size text for the no-preview card, when known. */
  sizeText?: string;
  /** Compact chrome for phones. */
  compact?: boolean;
}

/** The viewer of one file (001 §2 Viewer by file suffix). */
export function PreviewBody({ info, sizeText, compact }: PreviewBodyProps): ReactElement {
  const model = isModelKind(info.previewKind);
  return (
    <div
      data-testid="preview-body"
      data-kind={info.previewKind}
      style={{
        height: bodyHeight(info.previewKind),
        margin: model ? 0 : `${NON_MODEL_GAP / 2}px 0`,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <BodyContent info={info} sizeText={sizeText} compact={compact} />
    </div>
  );
}

function BodyContent({ info, sizeText, compact }: PreviewBodyProps): ReactElement {
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
      return <ModelPreview info={info} compact={compact} />;
    case 'image':
      return info.viewUrl ? <ImagePreview url={info.viewUrl} title={info.fileName} /> : unsupported;
    case 'video':
      return info.viewUrl ? <VideoPreview url={info.viewUrl} title={info.fileName} /> : unsupported;
    case 'text':
      return info.viewUrl ? <TextPreview url={info.viewUrl} /> : unsupported;
    case 'pdf':
      return info.viewUrl ? (
        <Suspense
          fallback={
            <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
              <Spin />
            </div>
          }
        >
          <PdfPreview url={info.viewUrl} />
        </Suspense>
      ) : (
        unsupported
      );
    default:
      return unsupported;
  }
}
