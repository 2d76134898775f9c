/** The `files` i18n namespace (我的文件, spec 001 §2–§5). */
import zh from '../../locales/zh-CN/files.json';
import en from '../../locales/en-US/files.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('files', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const FILES_NS = 'files';
