/**
 * The 2D drawing viewer's toolbar (issue 13 "2D drawings"; spec 001 §2 preview overlay): 适应窗口
 * (fit), the layer list switch, 测距 (model space only), the white/black background switch, the
 * space shown (模型空间 or the layout's name) and, while measuring, the distance or what to click next.
 * Buttons wait for the drawing to load; on a phone (`compact`) they show their icon only.
 */
import {
  AimOutlined,
  BgColorsOutlined,
  ColumnWidthOutlined,
  ExpandOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip, theme } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Background } from './drawing-background.ts';
import { formatDistance } from './drawing-geometry.ts';
import '../../i18n.ts';

/** Props of DrawingToolbar. */
export interface DrawingToolbarProps {
  /** The drawing is loaded (the tools work). */
  ready: boolean;
  /** Icon-only buttons (phone layout). */
  compact?: boolean;
  /** The layout shown (null: model space). */
  space: string | null;
  layersOpen: boolean;
  measuring: boolean;
  /** How many points the measure has (0, 1 or 2). */
  measurePoints: number;
  /** The measured distance in drawing units, null until two points. */
  length: number | null;
  background: Background;
  onFit: () => void;
  onToggleLayers: () => void;
  onToggleMeasure: () => void;
  onSwitchBackground: () => void;
}

/** Props of one tool button. */
interface ToolProps {
  /** Names its test id `drawing-<id>-button`. */
  id: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
  active: boolean;
  disabled: boolean;
  compact?: boolean;
}

/** One tool: a small button with a tooltip, pressed while `active`. */
function Tool({ id, label, icon, onClick, active, disabled, compact }: ToolProps): ReactElement {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'default'}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        aria-pressed={active}
        data-testid={`drawing-${id}-button`}
      >
        {compact ? null : label}
      </Button>
    </Tooltip>
  );
}

/** The toolbar above the drawing. */
export function DrawingToolbar({
  ready,
  compact,
  space,
  layersOpen,
  measuring,
  measurePoints,
  length,
  background,
  onFit,
  onToggleLayers,
  onToggleMeasure,
  onSwitchBackground,
}: DrawingToolbarProps): ReactElement {
  const { t } = useTranslation('preview');
  const { token } = theme.useToken();
  const common = { compact, active: false, disabled: !ready };
  return (
    <div
      role="toolbar"
      aria-label={t('drawing.toolbar')}
      style={{
        display: 'flex',
        gap: 8,
        alignItems: 'center',
        flexWrap: 'wrap',
        padding: '6px 12px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tool {...common} id="fit" label={t('drawing.fit')} icon={<ExpandOutlined />} onClick={onFit} />
      <Tool
        {...common}
        id="layers"
        label={t('drawing.layers')}
        icon={<UnorderedListOutlined />}
        onClick={onToggleLayers}
        active={layersOpen}
      />
      <Tool
        {...common}
        id="measure"
        label={space ? t('drawing.measureModelOnly') : t('drawing.measure')}
        icon={<ColumnWidthOutlined />}
        onClick={onToggleMeasure}
        active={measuring}
        disabled={!ready || !!space}
      />
      <Tool
        {...common}
        id="background"
        label={background === 'black' ? t('drawing.backgroundWhite') : t('drawing.backgroundBlack')}
        icon={<BgColorsOutlined />}
        onClick={onSwitchBackground}
      />
      <span style={{ color: token.colorTextSecondary, fontSize: 12 }} data-testid="drawing-model-space">
        {space ?? t('drawing.modelSpace')}
      </span>
      {measuring && (
        <span data-testid="drawing-measure-result" style={{ fontSize: 13 }}>
          <AimOutlined style={{ marginRight: 4 }} />
          {length !== null
            ? t('drawing.distance', { value: formatDistance(length) })
            : t(measurePoints === 1 ? 'drawing.measureSecond' : 'drawing.measureFirst')}
        </span>
      )}
    </div>
  );
}
