/** The `dataTable` i18n namespace: texts of the shared data table (spec 001 §3 table column, §4, §5, §9). */
import zh from '../../locales/zh-CN/dataTable.json';
import en from '../../locales/en-US/dataTable.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('dataTable', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const DATA_TABLE_NS = 'dataTable';
