/**
 * Document sidebar layout (spec 000 §2 Layouts; 001 §2 personal file group, layout 2): a collapsible
 * 240px left sidebar with 我的文件 / 我的收藏 / 我的分享 and a toggle; the open state is remembered in the
 * cookie `sidebarOpen` (000 §3 Client storage). The sidebar's body is sidebar-menu.tsx.
 */
import {
  BankOutlined,
  BookOutlined,
  BuildOutlined,
  FileImageOutlined,
  FolderOpenOutlined,
  ShareAltOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Layout } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isInsideChatApp } from '../lib/chat-app.ts';
import { useMenuList } from '../features/service/api/menu-list.ts';
import '../features/service/i18n.ts';
import '../features/libraries/i18n.ts';
import { visibleMenu } from './guard-rules.ts';
import { SidebarMenu } from './sidebar-menu.tsx';
import { useSidebarOpen } from './use-sidebar-open.ts';
import './i18n.ts';

/** Icons of the library group's menu entries (menu.ts icon names). */
const LIBRARY_ICONS: Record<string, ReactElement> = {
  build: <BuildOutlined />,
  'file-image': <FileImageOutlined />,
  book: <BookOutlined />,
  bank: <BankOutlined />,
  user: <UserOutlined />,
  star: <StarOutlined />,
};

/** Sidebar width (000 §9). */
export const SIDEBAR_WIDTH = 240;
/** Cookie remembering the sidebar state. */
export const SIDEBAR_COOKIE = 'sidebarOpen';

/** The sidebar + content layout of the personal file group. */
export function DocumentLayout(): ReactElement {
  const { t } = useTranslation(['app', 'service', 'libraries']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { expanded: open, toggle } = useSidebarOpen(SIDEBAR_COOKIE);
  const selected = pathname === '/' ? '/myDocument' : pathname;
  // The library group (issue 5; 001 §2) as the permission menu offers it (no Company base in the
  // personal edition).
  const libraries = visibleMenu(useMenuList().data ?? [], isInsideChatApp()).filter(
    (e) => e.group === 'library',
  );

  return (
    <Layout style={{ minHeight: 0 }}>
      <SidebarMenu
        width={SIDEBAR_WIDTH}
        testId="doc-sidebar"
        expanded={open}
        selectedKey={selected}
        onNavigate={(path) => void navigate(path)}
        onToggle={toggle}
        items={[
          { key: '/myDocument', icon: <FolderOpenOutlined />, label: t('sidebar.myDocument') },
          { key: '/myCollection', icon: <StarOutlined />, label: t('sidebar.myCollection') },
          { key: '/myShare', icon: <ShareAltOutlined />, label: t('sidebar.myShare') },
          ...(libraries.length
            ? [
                { type: 'divider' as const },
                {
                  type: 'group' as const,
                  label: open ? t('libraries:sidebar.group') : null,
                  children: libraries.map((e) => ({
                    key: e.path,
                    icon: LIBRARY_ICONS[e.icon] ?? <BookOutlined />,
                    label: t(`service:title.${e.name}`),
                  })),
                },
              ]
            : []),
        ]}
      />
      <Layout.Content className="doc-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
