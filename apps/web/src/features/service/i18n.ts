/** The `service` i18n namespace (menus, expiry warnings, /systemInitError, help and consult; 000 §2, §8). */
import zh from '../../locales/zh-CN/service.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('service', zh, () => import('../../locales/en-US/service.json'));

/** Namespace name. */
export const SERVICE_NS = 'service';
