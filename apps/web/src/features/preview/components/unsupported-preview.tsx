/**
 * The card for files without an online viewer (spec 001 §2 Preview overlay: office and other types):
 * file icon, name, size and — when downloads are allowed (001 §5) — a 下载 button.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/file-icon.tsx';
import { saveUrl } from '../../../lib/download.ts';
import '../i18n.ts';

/** Props of UnsupportedPreview. */
export interface UnsupportedPreviewProps {
  fileName: string;
  fileSuffix: string;
  /** Size text such as "12MB", when known. */
  sizeText?: string;
  /** Signed download URL, null when downloading is not allowed. */
  downloadUrl: string | null;
}

/** "Online preview is not available for this type" card (001 §2). */
export function UnsupportedPreview({
  fileName,
  fileSuffix,
  sizeText,
  downloadUrl,
}: UnsupportedPreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  return (
    <div
      style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}
    >
      <Card data-testid="preview-unsupported" style={{ width: 420, maxWidth: '100%', textAlign: 'center' }}>
        <FileIcon suffix={fileSuffix} size={64} />
        <Typography.Title level={5} style={{ marginTop: 16, wordBreak: 'break-all' }}>
          {fileName}
        </Typography.Title>
        {sizeText && <Typography.Text type="secondary">{t('size', { size: sizeText })}</Typography.Text>}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {downloadUrl ? (
            <>
              {t('noPreview')}
              <br />
              {t('noPreviewHint')}
            </>
          ) : (
            t('noPreviewBrowseOnly')
          )}
        </Typography.Paragraph>
        {downloadUrl && (
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveUrl(downloadUrl, fileName)}>
            {t('download')}
          </Button>
        )}
      </Card>
    </div>
  );
}
