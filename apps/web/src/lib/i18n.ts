/**
 * i18next set-up: zh-CN default, en-US second. Each feature registers its own namespace with
 * `registerNamespace(ns, { 'zh-CN': {...}, 'en-US': {...} })`; shared texts live in `common`.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCommon from '../locales/zh-CN/common.json';
import enCommon from '../locales/en-US/common.json';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('lang') : null;

void i18n.use(initReactI18next).init({
  lng: stored === 'en-US' ? 'en-US' : 'zh-CN',
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: ['common'],
  resources: { 'zh-CN': { common: zhCommon }, 'en-US': { common: enCommon } },
  interpolation: { escapeValue: false },
});

/** Register a feature namespace's resources for both languages. */
export function registerNamespace(ns: string, resources: Record<Language, Record<string, unknown>>): void {
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, ns, resources[lng], true, true);
}

export default i18n;
