/**
 * The `adminCompanies` i18n namespace: 企业管理 (/companyManagement) of the administration group
 * (spec 001 §2 layout 4; issue 16). zh-CN default, en-US complete.
 */
import zh from './locales/companies.zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('adminCompanies', zh, () => import('./locales/companies.en-US.json'));

/** Namespace name. */
export const ADMIN_COMPANIES_NS = 'adminCompanies';
