/** The `auth` i18n namespace (sign-in page and account card, spec 000 §2, §5). */
import zh from '../../locales/zh-CN/auth.json';
import en from '../../locales/en-US/auth.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('auth', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const AUTH_NS = 'auth';
