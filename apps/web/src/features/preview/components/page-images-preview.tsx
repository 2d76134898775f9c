/**
 * A presentation too large for the PDF viewer, shown as page pictures (spec 001 §2 "Presentation files
 * that are too large: shown … through a converted-picture endpoint"; §7 GetUploadPictureFile). Each
 * page is an `<img>` the browser loads lazily as it scrolls near; the server renders a page the first
 * time it is asked for.
 */
import { Alert } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';

/** Props of PageImagesPreview. */
export interface PageImagesPreviewProps {
  /** Signed base URL; `&page=N` is appended (1-based). */
  baseUrl: string;
  /** Number of pages. */
  pageCount: number;
  /** The file name, for alternative texts. */
  title: string;
}

/** Page pictures in a scrollable column fitted to the width (001 §2). */
export function PageImagesPreview({ baseUrl, pageCount, title }: PageImagesPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const [failed, setFailed] = useState<number[]>([]);
  return (
    <div
      data-testid="page-images-preview"
      style={{ height: '100%', overflow: 'auto', padding: '12px 16px', WebkitOverflowScrolling: 'touch' }}
    >
      <Alert
        type="info"
        showIcon
        banner
        title={t('pageImages', { count: pageCount })}
        style={{ marginBottom: 12 }}
      />
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((page) =>
          failed.includes(page) ? (
            <Alert key={page} type="error" showIcon title={t('pageImageFailed', { page })} />
          ) : (
            <img
              key={page}
              data-testid="page-image"
              data-page={page}
              src={`${baseUrl}&page=${page}`}
              alt={`${title} ${page}`}
              loading="lazy"
              onError={() => setFailed((f) => [...f, page])}
              style={{
                width: '100%',
                maxWidth: 1200,
                aspectRatio: '16 / 9',
                objectFit: 'contain',
                background: '#fff',
                boxShadow: '0 1px 4px rgba(0,0,0,0.15)',
              }}
            />
          ),
        )}
      </div>
    </div>
  );
}
