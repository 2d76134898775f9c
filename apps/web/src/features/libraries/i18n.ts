/** The `libraries` i18n namespace (knowledge bases and public libraries, issue 5; 001 §2 library group). */
import zh from '../../locales/zh-CN/libraries.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('libraries', zh, () => import('../../locales/en-US/libraries.json'));

/** Namespace name. */
export const LIBRARIES_NS = 'libraries';
