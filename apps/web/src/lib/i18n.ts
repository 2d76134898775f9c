/**
 * i18next set-up: zh-CN default, en-US second. Each feature registers its own namespace with
 * `registerNamespace(ns, zh, () => import('…en-US.json'))`; shared texts live in `common`.
 * The zh-CN texts are bundled with the code that uses them; the en-US texts load only for an English
 * UI (issue 17 initial JavaScript), through an i18next backend: react-i18next's `useTranslation`
 * suspends until a namespace's English texts are in, and `loadLanguageTexts` (start-app.tsx) loads the
 * ones registered by the start-up code before the first render.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCommon from '../locales/zh-CN/common.json';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A lazily loaded JSON module of one namespace's English texts. */
export type EnglishTexts = () => Promise<{ default: Record<string, unknown> }>;

const english = new Map<string, EnglishTexts>([['common', () => import('../locales/en-US/common.json')]]);

/** Reads a namespace's en-US texts from its registered loader; other languages are bundled. */
const lazyEnglish: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = language === 'en-US' ? english.get(namespace) : undefined;
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default as ResourceKey),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
    );
  },
};

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('lang') : null;

void i18n
  .use(lazyEnglish)
  .use(initReactI18next)
  .init({
    lng: stored === 'en-US' ? 'en-US' : 'zh-CN',
    fallbackLng: 'zh-CN',
    load: 'currentOnly',
    defaultNS: 'common',
    ns: ['common'],
    resources: { 'zh-CN': { common: zhCommon } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });

/** Register a feature namespace: its zh-CN texts, and the loader of its en-US texts. */
export function registerNamespace(ns: string, zh: Record<string, unknown>, en: EnglishTexts): void {
  i18n.addResourceBundle('zh-CN', ns, zh, true, true);
  english.set(ns, en);
}

/** Loads the current language's texts of every namespace registered so far (at once for zh-CN). */
export function loadLanguageTexts(): Promise<void> {
  return i18n.loadNamespaces([...english.keys()]);
}

export default i18n;
