/** The `auth` i18n namespace (sign-in page and account card, spec 000 §2, §5). */
import zh from '../../locales/zh-CN/auth.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('auth', zh, () => import('../../locales/en-US/auth.json'));

/** Namespace name. */
export const AUTH_NS = 'auth';
