/**
 * Top-bar menu (spec 000 §2 "Top bar", §6): 我的空间 (always); 企业空间 when the permission menu has
 * the company group (company edition), with a badge while the user has no company; 系统管理 when the
 * menu has the system-management group (system administrators, not in private deployment — the server
 * decides) and the tab is not inside the chat app. Each item opens the first route of its group.
 * Drawn by NavMenu (antd Menu's look without its code, issue 17).
 */
import type { MenuGroupValue, MenuItemValue } from '@bimdrive/contracts';
import { Tooltip } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NavMenu } from '../components/nav-menu/nav-menu.tsx';
import { useMenuList } from '../features/service/api/menu-list.ts';
import '../features/service/i18n.ts';
import { isInsideChatApp } from '../lib/chat-app.ts';
import { useSession } from '../stores/session-store.ts';
import { visibleMenu } from './guard-rules.ts';
import { LightBadge } from '../components/light/light-badge.tsx';

const TOP_GROUPS: readonly MenuGroupValue[] = ['mySpace', 'companySpace', 'systemManagement'];

/** The group of the current path (/ and /userCenter count as 我的空间, so do the libraries: their sidebar is 我的空间's). */
function groupOf(pathname: string, menu: readonly MenuItemValue[]): MenuGroupValue | undefined {
  // The project space belongs to 企业空间 (issue 5; 001 §2 /projectFile).
  if (pathname === '/projectFile') return 'companySpace';
  const group = menu.find((e) => e.path === pathname)?.group;
  if (group === 'library') return 'mySpace';
  return group ?? (pathname === '/' ? 'mySpace' : undefined);
}

/** The horizontal top menu. */
export function TopMenu(): ReactElement {
  const { t } = useTranslation('service');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const menu = visibleMenu(useMenuList().data ?? [], isInsideChatApp());
  const first = (g: MenuGroupValue) => menu.find((e) => e.group === g)?.path;
  const groups = TOP_GROUPS.filter((g) => g === 'mySpace' || first(g));
  const selected = groupOf(pathname, menu);

  return (
    <NavMenu
      mode="horizontal"
      selectedKeys={selected ? [selected] : []}
      className="app-top-menu"
      data-testid="top-menu"
      onClick={(g) => void navigate(first(g as MenuGroupValue) ?? '/myDocument')}
      items={groups.map((g) => ({
        key: g,
        'data-testid': `top-menu-${g}`,
        label:
          g === 'companySpace' && user && !user.corpIdbit ? (
            <Tooltip title={t('menu.noCompany')}>
              <LightBadge dot offset={[6, -2]} data-testid="company-space-badge">
                {t(`menu.${g}`)}
              </LightBadge>
            </Tooltip>
          ) : (
            t(`menu.${g}`)
          ),
      }))}
    />
  );
}
