/**
 * Toolbar of the 3D viewer (spec 001 §2 preview overlay): element tree toggle, fit-to-model
 * (适应视图), show all (全部显示), for a selected element: zoom to it / hide it / isolate it (隔离);
 * 剖切 (section planes per axis, section box, clear) and 测量 (distance, angle, area, clear) menus
 * (issue 13 viewer tools).
 */
import { Button, Dropdown, Flex, Tooltip, type MenuProps } from 'antd';
import {
  AimOutlined,
  ApartmentOutlined,
  BlockOutlined,
  ColumnHeightOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  ExpandOutlined,
  ScissorOutlined,
} from '@ant-design/icons';
import type { MeasureMode } from '../lib/measure.ts';
import type { SectionAxis, SectionState } from '../lib/section-tool.ts';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEWER_TOOLBAR_HEIGHT } from '../lib/layout.ts';
import { VIEWER_NS } from '../i18n.ts';

/** Props of ViewerToolbar. */
export interface ViewerToolbarProps {
  treeOpen: boolean;
  /** Phones: no hover tooltips (they stick after a tap). */
  touch?: boolean;
  hasSelection: boolean;
  disabled: boolean;
  onToggleTree: () => void;
  onFit: () => void;
  onShowAll: () => void;
  onFocusSelected: () => void;
  onHideSelected: () => void;
  onIsolateSelected: () => void;
  section: SectionState;
  onSectionPlane: (axis: SectionAxis) => void;
  onSectionBox: (on: boolean) => void;
  onSectionClear: () => void;
  /** The 测量 mode on (null: off) and whether results are drawn. */
  measureMode: MeasureMode | null;
  measureResults: number;
  onMeasure: (mode: MeasureMode | null) => void;
  onMeasureClear: () => void;
}

function ToolButton(props: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  active?: boolean;
  touch?: boolean;
}): ReactElement {
  const button = (
    <Button
      type={props.active ? 'primary' : 'text'}
      ghost={props.active}
      aria-label={props.label}
      aria-pressed={props.active}
      icon={props.icon}
      disabled={props.disabled}
      onClick={props.onClick}
    />
  );
  return props.touch ? button : <Tooltip title={props.label}>{button}</Tooltip>;
}

/** A toolbar button that opens a menu. */
function MenuButton(props: {
  label: string;
  icon: ReactNode;
  items: MenuProps['items'];
  onSelect: (key: string) => void;
  disabled?: boolean;
  active?: boolean;
  testId: string;
}): ReactElement {
  return (
    <Dropdown
      trigger={['click']}
      disabled={props.disabled}
      menu={{ items: props.items, onClick: ({ key }) => props.onSelect(key) }}
    >
      <Button
        type={props.active ? 'primary' : 'text'}
        ghost={props.active}
        aria-label={props.label}
        aria-pressed={props.active}
        data-testid={props.testId}
        icon={props.icon}
        disabled={props.disabled}
      />
    </Dropdown>
  );
}

/** The viewer's toolbar row. */
export function ViewerToolbar(p: ViewerToolbarProps): ReactElement {
  const { t } = useTranslation(VIEWER_NS);
  const sectionItems: MenuProps['items'] = [
    { key: 'x', label: t('section.x') },
    { key: 'z', label: t('section.y') }, // IFC's Y is three.js' z
    { key: 'y', label: t('section.z') }, // IFC's Z (up) is three.js' y
    { key: 'box', label: p.section.box ? t('section.boxOff') : t('section.box') },
    { type: 'divider' },
    { key: 'clear', label: t('section.clear'), disabled: !p.section.planes && !p.section.box },
  ];
  const measureItems: MenuProps['items'] = [
    ...(['distance', 'angle', 'area'] as const).map((m) => ({ key: m, label: t(`measure.${m}`) })),
    { type: 'divider' },
    { key: 'clear', label: t('measure.clear'), disabled: !p.measureResults },
    { key: 'exit', label: t('measure.exit'), disabled: !p.measureMode },
  ];
  return (
    <Flex
      role="toolbar"
      aria-label={t('toolbar')}
      gap={4}
      align="center"
      style={{
        height: VIEWER_TOOLBAR_HEIGHT,
        boxSizing: 'border-box',
        padding: '0 8px',
        borderBottom: '1px solid #f0f0f0',
        background: '#fff',
        flex: 'none',
      }}
    >
      <ToolButton
        touch={p.touch}
        label={p.treeOpen ? t('hideTree') : t('showTree')}
        icon={<ApartmentOutlined />}
        active={p.treeOpen}
        onClick={p.onToggleTree}
        disabled={p.disabled}
      />
      <ToolButton
        touch={p.touch}
        label={t('fit')}
        icon={<ExpandOutlined />}
        onClick={p.onFit}
        disabled={p.disabled}
      />
      <ToolButton
        touch={p.touch}
        label={t('showAll')}
        icon={<EyeOutlined />}
        onClick={p.onShowAll}
        disabled={p.disabled}
      />
      <ToolButton
        touch={p.touch}
        label={t('focusSelected')}
        icon={<AimOutlined />}
        onClick={p.onFocusSelected}
        disabled={p.disabled || !p.hasSelection}
      />
      <ToolButton
        touch={p.touch}
        label={t('hideSelected')}
        icon={<EyeInvisibleOutlined />}
        onClick={p.onHideSelected}
        disabled={p.disabled || !p.hasSelection}
      />
      <ToolButton
        touch={p.touch}
        label={t('isolateSelected')}
        icon={<BlockOutlined />}
        onClick={p.onIsolateSelected}
        disabled={p.disabled || !p.hasSelection}
      />
      <MenuButton
        label={t('section.title')}
        testId="viewer-section"
        icon={<ScissorOutlined />}
        items={sectionItems}
        active={p.section.planes > 0 || p.section.box}
        disabled={p.disabled}
        onSelect={(key) => {
          if (key === 'clear') p.onSectionClear();
          else if (key === 'box') p.onSectionBox(!p.section.box);
          else p.onSectionPlane(key as SectionAxis);
        }}
      />
      <MenuButton
        label={t('measure.title')}
        testId="viewer-measure"
        icon={<ColumnHeightOutlined />}
        items={measureItems}
        active={p.measureMode !== null}
        disabled={p.disabled}
        onSelect={(key) => {
          if (key === 'clear') p.onMeasureClear();
          else if (key === 'exit') p.onMeasure(null);
          else p.onMeasure(key as MeasureMode);
        }}
      />
    </Flex>
  );
}
