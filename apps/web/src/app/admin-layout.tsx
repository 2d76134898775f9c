/**
 * System-management layout (spec 000 §2 Layouts; 001 §2 "Administration group (layout 4,
 * system-management sidebar 220px)"; issue 16): a collapsible 220px left sidebar listing the
 * permission menu's `systemManagement` group — 用户管理 /personalManagement, 企业管理
 * /companyManagement, 订单管理 /orderManagement, 操作日志 /operationLog (system administrators only;
 * the server builds the menu) — with a toggle, and the page on the right (<Outlet/>). The open state
 * is remembered in the cookie `adminSidebarOpen` (000 §3 client storage, as the document layout's
 * `sidebarOpen`). On a narrow screen (below 768px, e.g. a 390×844 phone) the sidebar starts
 * collapsed to its icons and, when opened, lies over the page instead of squeezing it.
 */
import {
  AccountBookOutlined,
  BankOutlined,
  FileSearchOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Grid, Layout } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMenuList } from '../features/service/api/menu-list.ts';
import '../features/service/i18n.ts';
import '../features/admin/i18n.ts';
import { isInsideChatApp } from '../lib/chat-app.ts';
import { visibleMenu } from './guard-rules.ts';
import { FOLDED_SIDEBAR_WIDTH, SidebarMenu } from './sidebar-menu.tsx';
import { useSidebarOpen } from './use-sidebar-open.ts';
import './i18n.ts';

/** Sidebar width of the system-management layout (001 §2 layout 4). */
export const ADMIN_SIDEBAR_WIDTH = 220;
/** Cookie remembering whether the sidebar is open. */
export const ADMIN_SIDEBAR_COOKIE = 'adminSidebarOpen';

/** Icons of the group's entries (menu.ts icon names). */
const ICONS: Record<string, ReactElement> = {
  user: <UserOutlined />,
  bank: <BankOutlined />,
  'account-book': <AccountBookOutlined />,
  'file-search': <FileSearchOutlined />,
};

/** The layout element of the administration group. */
export function AdminLayout(): ReactElement {
  const { t } = useTranslation(['service', 'app', 'admin']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const narrow = Grid.useBreakpoint().md === false;
  // On a narrow screen the sidebar opens over the page and only until a choice is made.
  const { expanded, toggle, fold } = useSidebarOpen(ADMIN_SIDEBAR_COOKIE, narrow);
  const menu = visibleMenu(useMenuList().data ?? [], isInsideChatApp()).filter(
    (e) => e.group === 'systemManagement',
  );

  const sider = (
    <SidebarMenu
      width={ADMIN_SIDEBAR_WIDTH}
      testId="admin-sidebar"
      style={
        narrow && expanded
          ? {
              position: 'absolute',
              insetBlock: 0,
              insetInlineStart: 0,
              zIndex: 20,
              boxShadow: '4px 0 16px rgba(0,0,0,0.12)',
            }
          : undefined
      }
      expanded={expanded}
      selectedKey={pathname}
      onNavigate={(path) => {
        fold();
        void navigate(path);
      }}
      onToggle={toggle}
      items={[
        {
          type: 'group' as const,
          label: expanded ? (
            <span>
              <SettingOutlined style={{ marginRight: 6 }} />
              {t('admin:sidebar.title')}
            </span>
          ) : null,
          children: menu.map((e) => ({
            key: e.path,
            icon: ICONS[e.icon] ?? <SettingOutlined />,
            label: t(`service:title.${e.name}`),
          })),
        },
      ]}
    />
  );

  return (
    <Layout style={{ minHeight: 0, position: 'relative' }}>
      {/* Keeps the page beside the icon rail while the narrow sidebar lies over it. */}
      {narrow && expanded && <div style={{ width: FOLDED_SIDEBAR_WIDTH, flex: 'none' }} aria-hidden />}
      {sider}
      <Layout.Content className="doc-content" data-testid="admin-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
