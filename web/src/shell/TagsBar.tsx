import { Tabs, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { menuLabel, useLang } from '../i18n/index.ts';
import { HOME_PATH } from '../router/paths.ts';
import { useMenuRoutes } from '../router/useMenuRoutes.ts';
import { useTags } from '../stores/tags.ts';
import { activeAfterClose } from './tabs.ts';

/** The open pages as card tabs: home first and never closable; any other closable unless it is the last. */
export function TagsBar() {
  const { t } = useTranslation('layout');
  const lang = useLang();
  const { token } = theme.useToken();
  const { routes } = useMenuRoutes();
  const tags = useTags((s) => s.tags);
  const open = useTags((s) => s.open);
  const close = useTags((s) => s.close);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // Opening a menu page opens its tab (home has its own, even when a menu also points at it).
  useEffect(() => {
    const route = routes.find((r) => r.path === pathname);
    if (route && route.path !== HOME_PATH) open({ path: route.path, code: route.code, name: route.name });
  }, [routes, pathname, open]);

  // Home always stays, so any other tab is never the last one and can close.
  const items = [
    { key: HOME_PATH, label: t('home'), closable: false },
    ...tags.map((tag) => ({ key: tag.path, label: menuLabel(tag.code, tag.name, lang), closable: true })),
  ];

  const onClose = (path: string) => {
    const next = activeAfterClose(
      items.map((item) => item.key),
      path,
      pathname,
    );
    close(path);
    if (next !== pathname) navigate(next);
  };

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={pathname}
      items={items}
      onChange={(path) => navigate(path)}
      onEdit={(path, action) => action === 'remove' && typeof path === 'string' && onClose(path)}
      tabBarStyle={{ margin: 0, padding: '6px 16px 0', background: token.colorBgContainer }}
    />
  );
}
