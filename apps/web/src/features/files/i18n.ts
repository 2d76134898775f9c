/** The `files` i18n namespace (我的文件, spec 001 §2–§5). */
import zh from '../../locales/zh-CN/files.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('files', zh, () => import('../../locales/en-US/files.json'));

/** Namespace name. */
export const FILES_NS = 'files';
