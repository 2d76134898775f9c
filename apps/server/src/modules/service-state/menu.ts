/**
 * The permission menu of the signed-in user (spec 000 §2 "Top bar", §6 "Sidebar menus come from a
 * server-provided menu list"; 001 §2 route groups and "Edition rules for the route table").
 *
 * Rules, applied on the server:
 * - Everyone: 我的空间 (/myDocument, /myCollection, /myShare) and the libraries.
 * - Company edition only: the five project-group routes (企业空间) and the company resource library
 *   (/companyKnowledgeBase). The personal edition drops them (001 §2). The company library is
 *   offered only to members of a company (issue 17); 企业空间 stays, and tells the others how to
 *   create or join one.
 * - System administrators only, and never in a private deployment: 系统管理 (/personalManagement,
 *   /companyManagement, /orderManagement, /operationLog). These are flagged `hideInChatApp`: the
 *   web client, which knows whether it runs inside the chat app, leaves them out there (000 §6).
 */
import type { MenuItemValue } from '@bimdrive/contracts';

/** Who asks and how the product is deployed. */
export interface MenuContext {
  isAdministrator: boolean;
  /** The user belongs to a company (corpIdbit). */
  hasCompany: boolean;
  systemIsPersonal: boolean;
  privateDeployment: boolean;
}

type Entry = Omit<MenuItemValue, 'sort' | 'keepAlive' | 'hideInChatApp'> & {
  keepAlive?: boolean;
  hideInChatApp?: boolean;
  /** Dropped in the personal edition. */
  companyOnly?: boolean;
  /** Only for members of a company. */
  needsCompany?: boolean;
};

/**
 * Entries of one group whose path is `/<name>`, from `[name, title, icon]` rows, each with the
 * group's common flags (issue 17: one spelling for the project pages and the administration pages).
 */
function sameGroup(
  group: Entry['group'],
  flags: Partial<Pick<Entry, 'keepAlive' | 'companyOnly' | 'needsCompany' | 'hideInChatApp'>>,
  rows: ReadonlyArray<readonly [string, string, string]>,
): Entry[] {
  return rows.map(([name, title, icon]) => ({ name, path: `/${name}`, title, icon, group, ...flags }));
}

/** The full table (001 §2), in display order. */
const TABLE: readonly Entry[] = [
  { name: 'myDocument', path: '/myDocument', title: '我的文件', icon: 'folder', group: 'mySpace' },
  { name: 'myCollection', path: '/myCollection', title: '我的收藏', icon: 'star', group: 'mySpace' },
  { name: 'myShare', path: '/myShare', title: '我的分享', icon: 'share', group: 'mySpace' },
  ...sameGroup('companySpace', { keepAlive: true, companyOnly: true }, [
    ['lately', '最近浏览', 'clock'],
    ['all', '全部项目', 'appstore'],
    ['myCreated', '我的项目', 'project'],
    ['myParticipateIn', '我参与的项目', 'team'],
    ['myCollectionProject', '我的收藏', 'star'],
  ]),
  {
    name: 'commonBuildLibrary',
    path: '/commonBuildLibrary',
    title: '公共构件库',
    icon: 'build',
    group: 'library',
  },
  { name: 'blueprint', path: '/blueprintData', title: '公共图纸库', icon: 'file-image', group: 'library' },
  { name: 'StandardInfo', path: '/standardData', title: '公共标准库', icon: 'book', group: 'library' },
  {
    name: 'Company',
    path: '/companyKnowledgeBase',
    title: '企业资源库',
    icon: 'bank',
    group: 'library',
    companyOnly: true,
    needsCompany: true,
  },
  { name: 'Mine', path: '/myKnowledgeBase', title: '我的资源库', icon: 'user', group: 'library' },
  {
    name: 'myCollectionKnowledgeBase',
    path: '/myCollectionKnowledgeBase',
    title: '我的收藏',
    icon: 'star',
    group: 'library',
  },
  ...sameGroup('systemManagement', { hideInChatApp: true }, [
    ['personalManagement', '用户管理', 'user'],
    ['companyManagement', '企业管理', 'bank'],
    ['orderManagement', '订单管理', 'account-book'],
    ['operationLog', '操作日志', 'file-search'],
  ]),
];

/** Every path the menu can contain (the web guard refuses those missing from a user's menu). */
export const MENU_PATHS: readonly string[] = TABLE.map((e) => e.path);

/**
 * Build the menu for one user.
 * @returns the allowed entries with `sort` (display order, from 1) set.
 */
export function buildMenu(c: MenuContext): MenuItemValue[] {
  return TABLE.filter((e) => {
    if (e.companyOnly && c.systemIsPersonal) return false;
    if (e.needsCompany && !c.hasCompany) return false;
    if (e.group === 'systemManagement') return c.isAdministrator && !c.privateDeployment;
    return true;
  }).map((e, i) => ({
    name: e.name,
    path: e.path,
    title: e.title,
    icon: e.icon,
    group: e.group,
    sort: i + 1,
    keepAlive: e.keepAlive ?? false,
    hideInChatApp: e.hideInChatApp ?? false,
  }));
}
