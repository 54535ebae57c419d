import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en/index.ts';
import { namedMenu } from './menuNames.ts';
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

/**
 * A menu's (or, with `button`, a button's) name in the language by its code when we know one; otherwise the
 * server's name (spec: menus carry meta.i18n). The sidebar, the tabs, the searches and every menu tree use it.
 */
export function menuLabel(code: string, name: string, lang: Lang, button = false): string {
  return namedMenu((key) => i18n.getResource(lang, 'menu', key), code, button) ?? name;
}

/** A tree node that may be a menu or button (the server's menu trees send their code and category). */
interface MaybeMenuNode<T> {
  title: string;
  code?: string;
  category?: number;
  children?: T[];
}

/** Menu trees (grant trees, package and parent pickers) titled in the language, as the sidebar names them. */
export function menuTreeLabels<T extends MaybeMenuNode<T>>(nodes: T[], lang: Lang): T[] {
  return nodes.map((node) => ({
    ...node,
    title: node.code ? menuLabel(node.code, node.title, lang, node.category === 2) : node.title,
    ...(node.children ? { children: menuTreeLabels(node.children, lang) } : {}),
  }));
}

/** menuTreeLabels for a component: the nodes it was given, named again when the language changes. */
export function useMenuTreeLabels<T extends MaybeMenuNode<T>>(nodes: T[] | undefined): T[] | undefined {
  const lang = useLang();
  return useMemo(() => nodes && menuTreeLabels(nodes, lang), [nodes, lang]);
}

export { i18n };
