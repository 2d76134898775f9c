/**
 * Toolbar of the 3D viewer (spec 001 §2 preview overlay): element tree toggle, fit-to-model
 * (适应视图), show all (全部显示), and for a selected element: zoom to it / hide it.
 */
import { Button, Flex, Tooltip } from 'antd';
import {
  AimOutlined,
  ApartmentOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  ExpandOutlined,
} from '@ant-design/icons';
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

/** The viewer's toolbar row. */
export function ViewerToolbar(p: ViewerToolbarProps): ReactElement {
  const { t } = useTranslation(VIEWER_NS);
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
    </Flex>
  );
}
