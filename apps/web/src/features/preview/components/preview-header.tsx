/**
 * Header bar of the preview overlay (spec 001 §2): the file name, 下载 (only when downloads are
 * allowed), 收藏/取消收藏 (a text button in preview mode; hidden for share visitors), 全屏/退出全屏 and
 * 关闭. On phones the buttons show icons only (labels stay as aria-labels).
 * Over a model's 3D viewer the overlay has no header bar (001 §2); the same name and buttons then sit
 * at the right end of the viewer's toolbar (`floating`): icons with tooltips, and on phones 下载, 收藏
 * and 全屏 in a 更多 menu beside 关闭.
 */
import {
  CloseOutlined,
  DownloadOutlined,
  EllipsisOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Grid, Space, Tooltip, Typography, type MenuProps } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/file-icon.tsx';
import { headerBarStyle } from '../lib/layout.ts';
import { saveUrl } from '../../../lib/download.ts';
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
  /** In the viewer's toolbar instead of a bar of its own (a model's 3D viewer). */
  floating?: boolean;
}

/** The overlay header bar (001 §2). */
export function PreviewHeader(props: PreviewHeaderProps): ReactElement {
  const screens = Grid.useBreakpoint();
  const wide = screens.sm !== false;
  return props.floating ? <FloatingHeader {...props} wide={wide} /> : <HeaderBar {...props} wide={wide} />;
}

/** The header's buttons at the right end of the 3D viewer's toolbar. */
function FloatingHeader(props: PreviewHeaderProps & { wide: boolean }): ReactElement {
  const { t } = useTranslation('preview');
  const actions: { key: string; label: string; icon: ReactNode; onClick: () => void; testId?: string }[] = [];
  if (props.downloadUrl) {
    const url = props.downloadUrl;
    actions.push({
      key: 'download',
      label: t('download'),
      icon: <DownloadOutlined />,
      onClick: () => saveUrl(url, props.fileName),
    });
  }
  if (props.collected !== undefined && props.onToggleCollect)
    actions.push({
      key: 'collect',
      label: props.collected ? t('uncollect') : t('collect'),
      icon: props.collected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />,
      onClick: props.onToggleCollect,
      testId: 'preview-collect',
    });
  if (props.canFullscreen)
    actions.push({
      key: 'fullscreen',
      label: props.fullscreen ? t('exitFullscreen') : t('fullscreen'),
      icon: props.fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
      onClick: props.onToggleFullscreen,
    });
  const menu: MenuProps = {
    items: actions.map((a) => ({ key: a.key, label: a.label, icon: a.icon })),
    onClick: ({ key }) => actions.find((a) => a.key === key)?.onClick(),
  };
  return (
    <div
      data-testid="preview-header"
      data-variant="floating"
      style={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0, background: '#fff' }}
    >
      {props.wide && (
        <Typography.Text
          strong
          ellipsis={{ tooltip: props.fileName }}
          style={{ maxWidth: 280, margin: '0 6px', fontSize: 14 }}
        >
          {props.fileName}
        </Typography.Text>
      )}
      {props.wide
        ? actions.map((a) => (
            <Tooltip key={a.key} title={a.label}>
              <Button
                type="text"
                icon={a.icon}
                onClick={a.onClick}
                aria-label={a.label}
                data-testid={a.testId}
                loading={a.key === 'collect' && props.collecting}
              />
            </Tooltip>
          ))
        : actions.length > 0 && (
            <Dropdown trigger={['click']} menu={menu}>
              <Button type="text" icon={<EllipsisOutlined />} aria-label={t('more')} />
            </Dropdown>
          )}
      {props.onClose && (
        <Tooltip title={props.wide ? t('close') : undefined}>
          <Button type="text" icon={<CloseOutlined />} onClick={props.onClose} aria-label={t('close')} />
        </Tooltip>
      )}
    </div>
  );
}

/** The header bar of its own, above a file's viewer. */
function HeaderBar(props: PreviewHeaderProps & { wide: boolean }): ReactElement {
  const { t } = useTranslation('preview');
  const wide = props.wide;
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
            onClick={() => props.downloadUrl && saveUrl(props.downloadUrl, props.fileName)}
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
