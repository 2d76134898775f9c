/**
 * Header bar of the preview overlay (spec 001 §2): the file name, 下载 (only when downloads are
 * allowed), 收藏/取消收藏 (a text button in preview mode; hidden for share visitors), 全屏/退出全屏 and
 * 关闭. On phones the buttons show icons only (labels stay as aria-labels).
 */
import {
  CloseOutlined,
  DownloadOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { Button, Grid, Space, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/file-icon.tsx';
import { headerBarStyle } from '../lib/layout.ts';
import { triggerDownload } from '../lib/trigger-download.ts';
import '../i18n.ts';

/** Props of PreviewHeader. */
export interface PreviewHeaderProps {
  fileName: string;
  fileSuffix: string;
  /** Signed download URL; the button shows only when set (001 §5). */
  downloadUrl: string | null;
  /** Favourite state; undefined hides the button (share visitors, 001 §6). */
  collected?: boolean;
  collecting?: boolean;
  onToggleCollect?: () => void;
  /** Whether the Fullscreen API is available; hides the toggle when not. */
  canFullscreen: boolean;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  /** Close; undefined hides the button. */
  onClose?: () => void;
}

/** The overlay header bar (001 §2). */
export function PreviewHeader(props: PreviewHeaderProps): ReactElement {
  const { t } = useTranslation('preview');
  const screens = Grid.useBreakpoint();
  const wide = screens.sm !== false;
  const label = (text: string) => (wide ? text : undefined);
  return (
    <header data-testid="preview-header" style={{ ...headerBarStyle(wide), flex: 'none' }}>
      <FileIcon suffix={props.fileSuffix} size={22} />
      <Typography.Text
        strong
        ellipsis={{ tooltip: props.fileName }}
        style={{ flex: 1, minWidth: 0, fontSize: 15 }}
      >
        {props.fileName}
      </Typography.Text>
      <Space size={wide ? 4 : 0}>
        {props.downloadUrl && (
          <Button
            type="text"
            icon={<DownloadOutlined />}
            onClick={() => props.downloadUrl && triggerDownload(props.downloadUrl, props.fileName)}
            aria-label={t('download')}
          >
            {label(t('download'))}
          </Button>
        )}
        {props.collected !== undefined && (
          <Button
            type="text"
            data-testid="preview-collect"
            icon={props.collected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
            loading={props.collecting}
            onClick={props.onToggleCollect}
            aria-label={props.collected ? t('uncollect') : t('collect')}
          >
            {label(props.collected ? t('uncollect') : t('collect'))}
          </Button>
        )}
        {props.canFullscreen && (
          <Button
            type="text"
            icon={props.fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={props.onToggleFullscreen}
            aria-label={props.fullscreen ? t('exitFullscreen') : t('fullscreen')}
          >
            {label(props.fullscreen ? t('exitFullscreen') : t('fullscreen'))}
          </Button>
        )}
        {props.onClose && (
          <Button type="text" icon={<CloseOutlined />} onClick={props.onClose} aria-label={t('close')}>
            {label(t('close'))}
          </Button>
        )}
      </Space>
    </header>
  );
}
