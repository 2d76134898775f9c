/**
 * The `adminCompanies` i18n namespace: 企业管理 (/companyManagement) of the administration group
 * (spec 001 §2 layout 4; issue 16). zh-CN default, en-US complete.
 */
import zh from './locales/companies.zh-CN.json';
import en from './locales/companies.en-US.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('adminCompanies', { 'zh-CN': zh, 'en-US': en });

/** Namespace name. */
export const ADMIN_COMPANIES_NS = 'adminCompanies';
