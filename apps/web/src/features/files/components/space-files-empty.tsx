/**
 * What the file browser shows without rows (spec 001 §2): a search that found nothing, or an empty
 * folder — with an upload call-to-action (上传文件) when the caller may upload there.
 */
import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LightText } from '../../../components/light/light-text.tsx';
import '../i18n.ts';

/** A search without hits. */
export function SearchEmpty(): ReactElement {
  const { t } = useTranslation(['files', 'common', 'dataTable']);
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 0' }}
      description={t('searchEmpty')}
    />
  );
}

/** Props of FolderEmpty. */
export interface FolderEmptyProps {
  /** The caller may upload here (the texts invite to, and 上传文件 shows). */
  canUpload: boolean;
  /** Open the file picker. */
  onPickFiles: () => void;
}

/** An empty folder. */
export function FolderEmpty({ canUpload, onPickFiles }: FolderEmptyProps): ReactElement {
  const { t } = useTranslation(['files', 'common', 'dataTable']);
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '48px 0' }}
      description={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <LightText strong>{canUpload ? t('emptyTitle') : t('emptyReadOnly')}</LightText>
          {canUpload && <LightText type="secondary">{t('emptyDesc')}</LightText>}
        </div>
      }
    >
      {canUpload && (
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={onPickFiles}>
          {t('upload')}
        </Button>
      )}
    </Empty>
  );
}
