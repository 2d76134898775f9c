/** The `preview` i18n namespace (spec 001 §2 Preview overlay, §4 status texts). */
import zh from './locales/zh-CN.json';
import en from './locales/en-US.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('preview', { 'zh-CN': zh, 'en-US': en });

/** Namespace name of the preview overlay texts (001 §2). */
export const PREVIEW_NS = 'preview';
