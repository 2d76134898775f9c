/** The `board` i18n namespace (spec 001 §2 /board 看板; issue 16): zh-CN default, en-US complete. */
import zh from './locales/zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('board', zh, () => import('./locales/en-US.json'));

/** Namespace name. */
export const BOARD_NS = 'board';
