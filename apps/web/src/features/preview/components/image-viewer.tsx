/**
 * The image viewer of the preview (spec 001 §2 "Images: shown at no more than 50% of width and
 * height", §9; issue 14): fitted at first, with a toolbar to zoom in and out, rotate and fit again.
 * Used for image files and for images inside archives.
 */
import {
  CompressOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Alert, Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fitScale, turnedBox, zoomStep } from '../lib/image-view.ts';
import '../i18n.ts';

/** Props of ImageViewer. */
export interface ImageViewerProps {
  /** Image URL (a signed file or archive-entry URL). */
  url: string;
  /** Alternative text (the file name). */
  title: string;
}

/** An image with zoom, rotate and fit (fit = at most 50% of the viewer, 001 §2). */
export function ImageViewer({ url, title }: ImageViewerProps): ReactElement {
  const { t } = useTranslation('preview');
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ cw: 0, ch: 0 });
  const [natural, setNatural] = useState<{ url: string; w: number; h: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [rotation, setRotation] = useState(0);
  /** null: fitted (follows the viewer's size). */
  const [scale, setScale] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setView({ cw: el.clientWidth, ch: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    setRotation(0);
    setScale(null);
  }, [url]);

  if (failed === url) return <Alert type="error" showIcon title={t('imageFailed')} style={{ margin: 24 }} />;
  const size = natural?.url === url ? natural : null;
  const fitted = size ? fitScale(size.w, size.h, view.cw, view.ch, rotation) : 1;
  const s = scale ?? fitted;
  const outer = size ? turnedBox(size.w, size.h, s, rotation) : { width: 0, height: 0 };
  const tool = (label: string, icon: ReactElement, onClick: () => void, testId: string) => (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} data-testid={testId} icon={icon} onClick={onClick} />
    </Tooltip>
  );

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <div ref={box} style={{ flex: 1, minHeight: 0, overflow: 'auto', display: 'flex' }}>
        <div
          style={{
            margin: 'auto',
            position: 'relative',
            width: size ? outer.width : 'auto',
            height: size ? outer.height : 'auto',
            flex: 'none',
          }}
        >
          <img
            data-testid="image-preview"
            src={url}
            alt={title}
            draggable={false}
            onLoad={(e) =>
              setNatural({ url, w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })
            }
            onError={() => setFailed(url)}
            style={
              size
                ? {
                    position: 'absolute',
                    left: '50%',
                    top: '50%',
                    width: size.w * s,
                    height: size.h * s,
                    maxWidth: 'none',
                    transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
                    background: '#fff',
                    boxShadow: '0 2px 8px rgba(0,0,0,0.12)',
                  }
                : { maxWidth: '50%', maxHeight: '50%', visibility: 'hidden' }
            }
          />
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'center',
          padding: '4px 0',
          borderTop: '1px solid #f0f0f0',
        }}
      >
        <Space size={4} wrap>
          {tool(t('image.zoomOut'), <ZoomOutOutlined />, () => setScale(zoomStep(s, -1)), 'image-zoom-out')}
          <span
            data-testid="image-scale"
            style={{ minWidth: 48, textAlign: 'center', display: 'inline-block' }}
          >
            {Math.round(s * 100)}%
          </span>
          {tool(t('image.zoomIn'), <ZoomInOutlined />, () => setScale(zoomStep(s, 1)), 'image-zoom-in')}
          {tool(
            t('image.rotateLeft'),
            <RotateLeftOutlined />,
            () => setRotation((r) => (r + 270) % 360),
            'image-rotate-left',
          )}
          {tool(
            t('image.rotateRight'),
            <RotateRightOutlined />,
            () => setRotation((r) => (r + 90) % 360),
            'image-rotate',
          )}
          {tool(t('image.fit'), <CompressOutlined />, () => setScale(null), 'image-fit')}
        </Space>
      </div>
    </div>
  );
}
