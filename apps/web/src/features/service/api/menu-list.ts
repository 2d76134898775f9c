/**
 * `GET Api.menuList` (spec 000 §2 guard step 4 "the permission-based routes are loaded once", §6
 * "Sidebar menus come from a server-provided menu list", §8 "Menu list fails"). Loaded once per
 * session by the guard; the top bar and the route rules read it.
 */
import { Api, type MenuListValue } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Query key of the menu. */
export const menuListKey = ['service', 'menu'] as const;

/** Fetch the caller's menu (silent: the guard shows 获取权限数据失败，请稍后重试). */
export function getMenuList(signal?: AbortSignal): Promise<MenuListValue> {
  return api<MenuListValue>({ url: Api.menuList, silent: true, signal });
}

/** Query options of the menu (loaded once: never stale while the session lasts). */
export const menuListQueryOptions = () =>
  queryOptions({ queryKey: menuListKey, queryFn: ({ signal }) => getMenuList(signal), staleTime: Infinity });

/** The caller's menu (fetched by the guard; the hook only reads the cache unless enabled). */
export function useMenuList(enabled = true) {
  return useQuery({ ...menuListQueryOptions(), enabled });
}
