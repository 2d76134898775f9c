/** The `dingtalk` i18n namespace (chat-app sign-in screen, spec 000 §2 /ddLogin, /login appType=inside). */
import zh from '../../locales/zh-CN/dingtalk.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('dingtalk', zh, () => import('../../locales/en-US/dingtalk.json'));

/** Namespace name. */
export const DINGTALK_NS = 'dingtalk';
