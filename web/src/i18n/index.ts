import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en/index.ts';
import type { Lang } from './types.ts';
import { zh } from './zh/index.ts';

export type { Lang } from './types.ts';
export { LANGS } from './types.ts';

const STORAGE_KEY = 'park.language';
const HTTP_LANGUAGE: Record<Lang, string> = { zh: 'zh-CN', en: 'en-US' };
const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en' };

function asLang(value: string | null | undefined): Lang {
  return value === 'en' ? 'en' : 'zh';
}

void i18n.use(initReactI18next).init({
  resources: { zh, en },
  lng: asLang(localStorage.getItem(STORAGE_KEY)),
  fallbackLng: 'zh',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

/** Everything outside React that follows the language: storage, page title, <html lang>, dates. */
function applyLanguage(): void {
  const lang = currentLang();
  localStorage.setItem(STORAGE_KEY, lang);
  document.title = i18n.t('common:appName');
  document.documentElement.lang = HTTP_LANGUAGE[lang];
  dayjs.locale(DAYJS_LOCALE[lang]);
}
i18n.on('languageChanged', applyLanguage);
applyLanguage();

export function currentLang(): Lang {
  return asLang(i18n.language);
}

export function setLang(lang: Lang): void {
  void i18n.changeLanguage(lang);
}

/** The Accept-Language value the server expects for the current language. */
export function httpLanguage(): string {
  return HTTP_LANGUAGE[currentLang()];
}

/** The current language, re-rendering the caller when it changes. */
export function useLang(): Lang {
  return asLang(useTranslation().i18n.language);
}

/** A menu's English name by its code when we know one; otherwise the server's name (spec: menus carry meta.i18n). */
export function menuLabel(code: string, name: string, lang: Lang): string {
  const known = i18n.getResource(lang, 'menu', code);
  return typeof known === 'string' ? known : name;
}

export { i18n };
