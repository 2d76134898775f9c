/** The `service` i18n namespace (menus, expiry warnings, /systemInitError, help and consult; 000 §2, §8). */
import zh from '../../locales/zh-CN/service.json';
import en from '../../locales/en-US/service.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('service', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const SERVICE_NS = 'service';
