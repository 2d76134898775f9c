/** The `preview` i18n namespace (spec 001 §2 Preview overlay, §4 status texts). */
import zh from './locales/zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('preview', zh, () => import('./locales/en-US.json'));

/** Namespace name of the preview overlay texts (001 §2). */
export const PREVIEW_NS = 'preview';
