/**
 * The sidebar of every sidebar layout (spec 000 §2 Layouts; 001 §2 document group layout 2, project
 * group layout 1, administration group layout 4): a collapsible `Layout.Sider` (folded to a 64 px icon
 * rail) holding the inline menu (NavMenu, antd Menu's look) at the sidebar's full height and under it
 * the fold / unfold button with its 折叠/展开侧边栏 tooltip. Each layout keeps its own width, test id,
 * style (how it lies over the page on a phone) and open state (use-sidebar-open.ts).
 *
 * Shape: `<SidebarMenu width testId expanded items selectedKey onNavigate onToggle style? />`;
 * `onNavigate(path)` gets the chosen entry's key (a route path). The toggle has
 * `data-testid="sidebar-toggle"` and `aria-expanded`.
 */
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import type { CSSProperties, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavMenu, type NavMenuEntry } from '../components/nav-menu/nav-menu.tsx';
import './i18n.ts';

/** Width of a folded sidebar: its icons only. */
export const FOLDED_SIDEBAR_WIDTH = 64;

/** Props of SidebarMenu. */
export interface SidebarMenuProps {
  /** Open width, px (000 §9: 240; the administration group: 220). */
  width: number;
  testId: string;
  style?: CSSProperties;
  /** Open (labels shown) or folded to the icons. */
  expanded: boolean;
  items: NavMenuEntry[];
  selectedKey: string;
  onNavigate: (path: string) => void;
  onToggle: () => void;
}

/** See the module docstring. */
export function SidebarMenu({
  width,
  testId,
  style,
  expanded,
  items,
  selectedKey,
  onNavigate,
  onToggle,
}: SidebarMenuProps): ReactElement {
  const { t } = useTranslation('app');
  return (
    <Layout.Sider
      width={width}
      collapsedWidth={FOLDED_SIDEBAR_WIDTH}
      collapsible
      collapsed={!expanded}
      trigger={null}
      className="doc-sider"
      data-testid={testId}
      style={style}
    >
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
    </Layout.Sider>
  );
}
