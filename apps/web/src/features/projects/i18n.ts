/** The `projects` i18n namespace (project group and project space, issue 5; 001 §2). */
import zh from '../../locales/zh-CN/projects.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('projects', zh, () => import('../../locales/en-US/projects.json'));

/** Namespace name. */
export const PROJECTS_NS = 'projects';
