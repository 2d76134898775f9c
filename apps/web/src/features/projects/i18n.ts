/** The `projects` i18n namespace (project group and project space, issue 5; 001 §2). */
import zh from '../../locales/zh-CN/projects.json';
import en from '../../locales/en-US/projects.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('projects', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const PROJECTS_NS = 'projects';
