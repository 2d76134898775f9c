/** The `libraries` i18n namespace (knowledge bases and public libraries, issue 5; 001 §2 library group). */
import zh from '../../locales/zh-CN/libraries.json';
import en from '../../locales/en-US/libraries.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('libraries', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const LIBRARIES_NS = 'libraries';
