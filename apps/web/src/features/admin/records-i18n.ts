/**
 * The `adminRecords` i18n namespace: 订单管理 (/orderManagement) and 操作日志 (/operationLog) of the
 * administration group (spec 001 §2 layout 4; issue 16). zh-CN default, en-US complete.
 */
import zh from './locales/records.zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('adminRecords', zh, () => import('./locales/records.en-US.json'));

/** Namespace name. */
export const ADMIN_RECORDS_NS = 'adminRecords';
