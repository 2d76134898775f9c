/**
 * Ant Design's locale for the UI language (DESIGN "Web": zh_CN; en_US when the language is English).
 * zh_CN ships with the app; en_US loads only for an English UI (`loadAntdLocale`, awaited before the
 * first render and on a language change), so Chinese users never download it.
 */
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';

let enUS: Locale | null = null;

/** Load the antd locale of `language` if it is not bundled (en-US); resolves when usable. */
export async function loadAntdLocale(language: string): Promise<void> {
  if (language === 'en-US' && !enUS) enUS = (await import('antd/es/locale/en_US')).default;
}

/** The antd locale of `language` (zh_CN until en_US has loaded). */
export function antdLocale(language: string): Locale {
  return language === 'en-US' && enUS ? enUS : zhCN;
}
