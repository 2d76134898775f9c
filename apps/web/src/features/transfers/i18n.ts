/** The `transfers` i18n namespace (file-transfer panel, spec 000 §2, §4). */
import zh from '../../locales/zh-CN/transfers.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('transfers', zh, () => import('../../locales/en-US/transfers.json'));

/** Namespace name. */
export const TRANSFERS_NS = 'transfers';
