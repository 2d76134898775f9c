/**
 * The body of every sidebar layout (spec 000 §2 Layouts; 001 §2 document group layout 2, project
 * group layout 1, administration group layout 4): the inline menu (NavMenu, antd Menu's look) filling
 * the sidebar's height, and under it the fold / unfold button with its 折叠/展开侧边栏 tooltip. Each
 * layout keeps its own `Layout.Sider` (width, test id, how it lies on a phone) and its own open state.
 *
 * Shape: `<SidebarMenu expanded items selectedKey onNavigate onToggle />`; `onNavigate(path)` gets the
 * chosen entry's key (a route path). The toggle has `data-testid="sidebar-toggle"` and `aria-expanded`.
 */
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavMenu, type NavMenuEntry } from '../components/nav-menu/nav-menu.tsx';
import './i18n.ts';

/** Props of SidebarMenu. */
export interface SidebarMenuProps {
  /** Open (labels shown) or folded to the icons. */
  expanded: boolean;
  items: NavMenuEntry[];
  selectedKey: string;
  onNavigate: (path: string) => void;
  onToggle: () => void;
}

/** See the module docstring. */
export function SidebarMenu({
  expanded,
  items,
  selectedKey,
  onNavigate,
  onToggle,
}: SidebarMenuProps): ReactElement {
  const { t } = useTranslation('app');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <NavMenu
        mode="inline"
        collapsed={!expanded}
        selectedKeys={[selectedKey]}
        style={{ borderInlineEnd: 'none', flex: 1, paddingTop: 8 }}
        onClick={onNavigate}
        items={items}
      />
      <div className="doc-sider-toggle">
        <Tooltip title={t('nav.toggleSidebar')} placement="right">
          <Button
            type="text"
            icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={onToggle}
            aria-label={t('nav.toggleSidebar')}
            aria-expanded={expanded}
            data-testid="sidebar-toggle"
          />
        </Tooltip>
      </div>
    </div>
  );
}
