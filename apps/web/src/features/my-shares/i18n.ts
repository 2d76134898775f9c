/** The `myShares` i18n namespace (我的分享, spec 001 §2). */
import zh from '../../locales/zh-CN/myShares.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('myShares', zh, () => import('../../locales/en-US/myShares.json'));

/** Namespace name. */
export const MY_SHARES_NS = 'myShares';
