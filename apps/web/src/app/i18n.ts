/** The `app` i18n namespace (shell, routes, titles; spec 000 §2). */
import zh from '../locales/zh-CN/app.json';
import { registerNamespace } from '../lib/i18n.ts';

registerNamespace('app', zh, () => import('../locales/en-US/app.json'));

/** Namespace name. */
export const APP_NS = 'app';
