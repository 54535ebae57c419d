import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { menuLabel, useLang } from '../i18n/index.ts';
import { HOME_PATH } from '../router/paths.ts';
import { useTags } from '../stores/tags.ts';

/** The page title names the current page in the current language: "参数管理 - 园区管理平台". */
export function usePageTitle(): void {
  const { t } = useTranslation(['common', 'layout']);
  const lang = useLang();
  const { pathname } = useLocation();
  const tag = useTags((s) => s.tags.find((tag) => tag.path === pathname));
  const page = pathname === HOME_PATH ? t('layout:home') : tag && menuLabel(tag.code, tag.name, lang);
  const title = page ? `${page} - ${t('appName')}` : t('appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
