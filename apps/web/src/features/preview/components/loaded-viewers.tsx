/**
 * The drawing and PDF viewers of the preview overlay (spec 001 §2 "Viewer by file suffix"), each in its
 * own chunk loaded on first use (lib/viewer-modules.ts) and shown the moment it is there — through
 * lib/module-loader.ts rather than React.lazy, whose Suspense reveal React holds back up to 300 ms.
 * A spinner shows while the chunk loads; a chunk that cannot load throws to the nearest error
 * boundary, as a lazy component's would.
 */
import { Spin } from 'antd';
import type { ComponentProps, ReactElement } from 'react';
import { useRequiredModule } from '../../../lib/module-loader.ts';
import { drawingViewer, pdfViewer } from '../lib/viewer-modules.ts';

/** The spinner shown while a viewer's code loads. */
export const viewerLoading = (
  <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
    <Spin />
  </div>
);

type DrawingModule = Awaited<ReturnType<typeof drawingViewer.load>>;
type PdfModule = Awaited<ReturnType<typeof pdfViewer.load>>;

/** The 2D drawing viewer (drawing/drawing-preview.tsx), loaded on first use. */
export function LoadedDrawingPreview(props: ComponentProps<DrawingModule['DrawingPreview']>): ReactElement {
  const mod = useRequiredModule(drawingViewer);
  return mod ? <mod.DrawingPreview {...props} /> : viewerLoading;
}

/** The PDF viewer (pdf-preview.tsx), loaded on first use. */
export function LoadedPdfPreview(props: ComponentProps<PdfModule['PdfPreview']>): ReactElement {
  const mod = useRequiredModule(pdfViewer);
  return mod ? <mod.PdfPreview {...props} /> : viewerLoading;
}
