import type { Locale } from 'antd/es/locale';
// Antd's English texts are its defaults, in its core whatever the language: only the Chinese ones load apart.
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n, { type BackendModule } from 'i18next';
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { namedMenu } from './menuNames.ts';
import type { Lang, LazyNamespace } from './types.ts';

export type { Lang } from './types.ts';
export { LANGS } from './types.ts';

const STORAGE_KEY = 'park.language';
const HTTP_LANGUAGE: Record<Lang, string> = { zh: 'zh-CN', en: 'en-US' };
const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en' };

function asLang(value: string | null | undefined): Lang {
  return value === 'en' ? 'en' : 'zh';
}

/**
 * Each language's texts in a chunk of their own, with antd's for it: the app starts with the chosen one, the
 * other comes on a switch.
 */
const BUNDLES: Record<Lang, () => Promise<{ texts: Record<string, object>; antd: Locale }>> = {
  zh: () =>
    Promise.all([import('./zh/index.ts'), import('antd/es/locale/zh_CN')]).then(([texts, antd]) => ({
      texts: texts.zh,
      antd: antd.default,
    })),
  en: () => import('./en/index.ts').then((texts) => ({ texts: texts.en, antd: enUS })),
};

/** Antd's texts of each language loaded so far (UiProvider's ConfigProvider takes them). */
const antdLocales: Partial<Record<Lang, Locale>> = {};

/** Antd's texts for a language: its own once loaded (always, for the current one), else antd's defaults. */
export function antdLocaleOf(lang: Lang): Locale {
  return antdLocales[lang] ?? enUS;
}

const loading = new Map<Lang, Promise<void>>();

/** Adds a language's texts to i18next, once; a failed load is tried again on the next call. */
export function loadLanguage(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'common')) return Promise.resolve();
  let load = loading.get(lang);
  if (!load) {
    load = BUNDLES[lang]().then(
      (bundle) => {
        antdLocales[lang] = bundle.antd;
        for (const [ns, texts] of Object.entries(bundle.texts)) i18n.addResourceBundle(lang, ns, texts, true, true);
      },
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, load);
  }
  return load;
}

/**
 * The namespaces that are not in a language's chunk: each language's each in a chunk of its own, so the first screen
 * carries none of the workflow's and the forms' texts. A screen's `useTranslation('workflow')` asks i18next, whose
 * backend below loads it, and the screen suspends (its route's Suspense shows the spinner) until it is in.
 */
const LAZY: Record<Lang, Record<LazyNamespace, () => Promise<object>>> = {
  zh: {
    dashboard: () => import('./zh/dashboard.ts').then((m) => m.dashboard),
    decision: () => import('./zh/decision.ts').then((m) => m.decision),
    report: () => import('./zh/report.ts').then((m) => m.report),
    forms: () => import('./zh/forms.ts').then((m) => m.forms),
    questionnaire: () => import('./zh/questionnaire.ts').then((m) => m.questionnaire),
    workflow: () => import('./zh/workflow.ts').then((m) => m.workflow),
    workflowDesigner: () => import('./zh/workflowDesigner.ts').then((m) => m.workflowDesigner),
    workflowRuntime: () => import('./zh/workflowRuntime.ts').then((m) => m.workflowRuntime),
  },
  en: {
    dashboard: () => import('./en/dashboard.ts').then((m) => m.dashboard),
    decision: () => import('./en/decision.ts').then((m) => m.decision),
    report: () => import('./en/report.ts').then((m) => m.report),
    forms: () => import('./en/forms.ts').then((m) => m.forms),
    questionnaire: () => import('./en/questionnaire.ts').then((m) => m.questionnaire),
    workflow: () => import('./en/workflow.ts').then((m) => m.workflow),
    workflowDesigner: () => import('./en/workflowDesigner.ts').then((m) => m.workflowDesigner),
    workflowRuntime: () => import('./en/workflowRuntime.ts').then((m) => m.workflowRuntime),
  },
};

const isLazy = (ns: string): ns is LazyNamespace => Object.hasOwn(LAZY.zh, ns);

/** A namespace's texts in a language: a lazy one from its chunk, any other from the language's bundle. */
function textsOf(lang: Lang, ns: string): Promise<object> {
  if (isLazy(ns)) return LAZY[lang][ns]();
  return loadLanguage(lang).then(() => i18n.getResourceBundle(lang, ns) ?? {});
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    textsOf(asLang(language), namespace).then(
      (texts) => callback(null, texts as Record<string, unknown>),
      (error: Error) => callback(error, false),
    );
  },
};

/** Every lazy namespace of a language, at once (the unit tests read any screen's texts). */
export async function loadLazyNamespaces(lang: Lang): Promise<void> {
  for (const ns of Object.keys(LAZY[lang]) as LazyNamespace[]) {
    i18n.addResourceBundle(lang, ns, await LAZY[lang][ns](), true, true);
  }
}

const initialLang = asLang(localStorage.getItem(STORAGE_KEY));

void i18n
  .use(initReactI18next)
  .use(backend)
  .init({
    resources: {},
    // The languages' bundles are added as they load (loadLanguage); the backend serves the lazy namespaces.
    partialBundledLanguages: true,
    lng: initialLang,
    fallbackLng: 'zh',
    ns: ['common'],
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

/** Settles once the starting language's texts are in (main.tsx renders then); never rejects. */
export const i18nReady: Promise<void> = loadLanguage(initialLang)
  .catch(() => undefined)
  .then(() => i18n.changeLanguage(initialLang))
  .then(() => undefined);

export function currentLang(): Lang {
  return asLang(i18n.language);
}

/** Switches at once when the language's texts are in, otherwise as soon as they arrive. */
export function setLang(lang: Lang): void {
  if (i18n.hasResourceBundle(lang, 'common')) void i18n.changeLanguage(lang);
  else
    void loadLanguage(lang).then(
      () => i18n.changeLanguage(lang),
      () => undefined,
    );
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
