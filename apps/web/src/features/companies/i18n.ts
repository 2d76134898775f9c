/** The `companies` i18n namespace (spec 000 §2 person and company dialog, member list; §5 join rules). */
import zh from '../../locales/zh-CN/companies.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('companies', zh, () => import('../../locales/en-US/companies.json'));
