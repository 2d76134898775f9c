/** The `favourites` i18n namespace (我的收藏, spec 001 §2). */
import zh from '../../locales/zh-CN/favourites.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('favourites', zh, () => import('../../locales/en-US/favourites.json'));

/** Namespace name. */
export const FAVOURITES_NS = 'favourites';
