/** The `dataTable` i18n namespace: texts of the shared data table (spec 001 §3 table column, §4, §5, §9). */
import zh from '../../locales/zh-CN/dataTable.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('dataTable', zh, () => import('../../locales/en-US/dataTable.json'));

/** Namespace name. */
export const DATA_TABLE_NS = 'dataTable';
