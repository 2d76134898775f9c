/**
 * Project group layout (issue 5; spec 001 §2 "Project group (layout 1, project sidebar 240px)"): a
 * collapsible 240px sidebar with the five lists the permission menu offers (最近浏览, 全部项目, 我的项目,
 * 我参与的项目, 我的收藏 — company edition) and 项目空间 (/projectFile), the content on the right.
 *
 * The five lists are kept alive (001 §2 "All five are kept alive in a cache"): each is mounted on its
 * first visit and stays mounted, hidden while another route shows, so its page, rows, keyword and scroll
 * position are as the user left them. /projectFile renders through the outlet. The sidebar starts
 * collapsed on /projectFile, which has its own folder tree; the open state elsewhere is the
 * `sidebarOpen` cookie of the document layout (000 §3).
 */
import {
  AppstoreOutlined,
  ClockCircleOutlined,
  FolderOpenOutlined,
  ProjectOutlined,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ProjectScopeValue } from '@bimdrive/contracts';
import { Layout } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useMenuList } from '../features/service/api/menu-list.ts';
import { ProjectListPage } from '../features/projects/components/project-list-page.tsx';
import { scopeOfPath } from '../features/projects/lib/project-tree.ts';
import '../features/projects/i18n.ts';
import '../features/projects/projects.css';
import { isInsideChatApp } from '../lib/chat-app.ts';
import { SIDEBAR_COOKIE, SIDEBAR_WIDTH } from './document-layout.tsx';
import { visibleMenu } from './guard-rules.ts';
import { SidebarMenu } from './sidebar-menu.tsx';
import { useSidebarOpen } from './use-sidebar-open.ts';
import './i18n.ts';

/** Icons of the project group's menu entries (menu.ts icon names). */
const ICONS: Record<string, ReactElement> = {
  clock: <ClockCircleOutlined />,
  appstore: <AppstoreOutlined />,
  project: <ProjectOutlined />,
  team: <TeamOutlined />,
  star: <StarOutlined />,
};

/** The layout element of the project group and /projectFile. */
export function ProjectLayout(): ReactElement {
  const { t } = useTranslation(['projects', 'service', 'app']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = scopeOfPath(pathname);
  const [visited, setVisited] = useState<ProjectScopeValue[]>(active ? [active] : []);
  if (active && !visited.includes(active)) setVisited([...visited, active]);
  const inSpace = !active;
  const { expanded, toggle } = useSidebarOpen(SIDEBAR_COOKIE, inSpace);
  const menu = visibleMenu(useMenuList().data ?? [], isInsideChatApp()).filter(
    (e) => e.group === 'companySpace',
  );

  return (
    <Layout style={{ minHeight: 0 }}>
      <SidebarMenu
        width={SIDEBAR_WIDTH}
        testId="project-sidebar"
        expanded={expanded}
        selectedKey={pathname}
        onNavigate={(path) => void navigate(path)}
        onToggle={toggle}
        items={[
          ...menu.map((e) => ({
            key: e.path,
            icon: ICONS[e.icon] ?? <ProjectOutlined />,
            label: t(`projects:title.${e.name}`),
          })),
          { type: 'divider' as const },
          {
            key: '/projectFile',
            icon: <FolderOpenOutlined />,
            label: t('projects:sidebar.projectFile'),
          },
        ]}
      />
      <Layout.Content className="project-content">
        {visited.map((scope) => (
          <div
            key={scope}
            className="project-pane"
            data-active={scope === active}
            inert={scope !== active}
            aria-hidden={scope !== active}
          >
            <ProjectListPage scope={scope} />
          </div>
        ))}
        {inSpace && (
          <div className="project-pane" data-active>
            <Outlet />
          </div>
        )}
      </Layout.Content>
    </Layout>
  );
}
