/** The `transfers` i18n namespace (file-transfer panel, spec 000 §2, §4). */
import zh from '../../locales/zh-CN/transfers.json';
import en from '../../locales/en-US/transfers.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('transfers', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const TRANSFERS_NS = 'transfers';
