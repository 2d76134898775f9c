/**
 * The `admin` i18n namespace (001 §2 administration group, layout 4: the system-management sidebar
 * and 用户管理 /personalManagement; issue 16), plus the notice a disabled account's tabs show on
 * /login (该账号已被停用，如有疑问请联系管理员).
 */
import zh from './locales/zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('admin', zh, () => import('./locales/en-US.json'));

/** Namespace name. */
export const ADMIN_NS = 'admin';
