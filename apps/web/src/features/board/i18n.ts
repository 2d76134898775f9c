/** The `board` i18n namespace (spec 001 §2 /board 看板; issue 16): zh-CN default, en-US complete. */
import zh from './locales/zh-CN.json';
import en from './locales/en-US.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('board', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const BOARD_NS = 'board';
