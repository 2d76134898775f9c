/** The `viewer` i18n namespace (spec 001 §2 preview overlay: the 3D viewer's toolbar, tree, properties). */
import zh from './locales/zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('viewer', zh, () => import('./locales/en-US.json'));

/** Namespace name of the 3D viewer texts (001 §2). */
export const VIEWER_NS = 'viewer';
