/** The `share` i18n namespace (spec 001 §2 Share dialog, 000 §2 /s landing page). */
import zh from './locales/zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('share', zh, () => import('./locales/en-US.json'));

/** Namespace name of the sharing texts (001 §2). */
export const SHARE_NS = 'share';
