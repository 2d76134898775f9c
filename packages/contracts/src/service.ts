/**
 * Service state and permission menu — spec 000 §2 "Navigation guard" steps 3–4, §3 "Service
 * expiry", §7 `GET /api/WebOrder/ServiceTimeVerify` and `GET /api/Menu/GetLoginUserMenuList`,
 * §8 (expiry warnings, system verify failures), 001 §2 (route groups and edition rules).
 */
import { z } from 'zod';

/**
 * Answer of `GET /api/WebOrder/ServiceTimeVerify`.
 * - `isExpire`: the caller's company service has ended (false without a company).
 * - `myIsExpire`: the caller's personal service has ended.
 * - `verifyFileNotExists`: private deployment whose licence file is missing.
 * - `verifyFileError`: private deployment whose licence is unreadable, badly signed or expired.
 */
export const ServiceTimeVerify = z.object({
  isExpire: z.boolean(),
  myIsExpire: z.boolean(),
  verifyFileNotExists: z.boolean(),
  verifyFileError: z.boolean(),
});
export type ServiceTimeVerifyValue = z.infer<typeof ServiceTimeVerify>;

/** Texts of /systemInitError (000 §2 step 3). */
export const SystemVerifyText = {
  fileMissing: '系统验证文件异常！！！',
  failed: '系统验证失败！！！',
} as const;

/** Top-level menu groups (000 §2 Top bar; 001 §2 route groups). */
export const MenuGroup = z.enum(['mySpace', 'companySpace', 'library', 'systemManagement']);
export type MenuGroupValue = z.infer<typeof MenuGroup>;

/** One entry of the permission menu: a route of 001 §2 with its title (Chinese) and icon name. */
export const MenuItem = z.object({
  /** Route name (001 §2 "Name"). */
  name: z.string(),
  /** Route path, e.g. `/myDocument`. */
  path: z.string(),
  title: z.string(),
  icon: z.string(),
  group: MenuGroup,
  /** Sort field (001 §2 "Routes are sorted by a sort field when present"). */
  sort: z.number().int(),
  /** Kept alive in a cache (the five project-group routes). */
  keepAlive: z.boolean(),
  /** Hidden inside the workplace chat app (000 §6: system management, personal/company management). */
  hideInChatApp: z.boolean(),
});
export type MenuItemValue = z.infer<typeof MenuItem>;

/** Answer of `GET /api/Menu/GetLoginUserMenuList`: the routes the caller may open, sorted. */
export const MenuList = z.array(MenuItem);
export type MenuListValue = z.infer<typeof MenuList>;

/**
 * Every path the permission menu can hold (001 §2 route groups). The web guard sends a signed-in
 * user who opens one of these paths that is missing from their menu to /404 (edition and role rules).
 */
export const MENU_ROUTE_PATHS: readonly string[] = [
  '/myDocument',
  '/myCollection',
  '/myShare',
  '/lately',
  '/all',
  '/myCreated',
  '/myParticipateIn',
  '/myCollectionProject',
  '/commonBuildLibrary',
  '/blueprintData',
  '/standardData',
  '/companyKnowledgeBase',
  '/myKnowledgeBase',
  '/myCollectionKnowledgeBase',
  '/personalManagement',
  '/companyManagement',
  '/orderManagement',
  '/operationLog',
];
