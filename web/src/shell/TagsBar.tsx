import { DownOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Dropdown, type MenuProps, Tabs, theme } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { menuLabel, useLang } from '../i18n/index.ts';
import { currentPath, HOME_PATH } from '../router/paths.ts';
import { useMenuTree } from '../router/useMenuTree.ts';
import { usePreferences } from '../stores/preferences.ts';
import { useTags } from '../stores/tags.ts';
import { activeAfterClose, tagOf } from './tabs.ts';
import { TAG_ACTIONS, type TagAction, useTagActions } from './tagActions.ts';
import { THEMES, tagsThemeOf } from './themes.ts';

/**
 * The open pages as card tabs: home first and never closable; any other closable unless it is the last.
 * Tabs are kept in localStorage, so they come back after a refresh. Right-click on a tab, or the menu at
 * the end of the bar, offers the tab actions.
 */
export function TagsBar() {
  const { t } = useTranslation(['layout', 'shell']);
  const lang = useLang();
  const { token } = theme.useToken();
  const look = THEMES[usePreferences((s) => s.theme)];
  const primary = usePreferences((s) => s.primary);
  const tagsTheme = useMemo(() => tagsThemeOf(look, primary), [look, primary]);
  const { pages: routes } = useMenuTree();
  const tags = useTags((s) => s.tags);
  const open = useTags((s) => s.open);
  const close = useTags((s) => s.close);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const runAction = useTagActions();

  // A page reached by its address (a refresh, a link) opens its tab too; the menus open theirs on click.
  useEffect(() => {
    const tag = tagOf(routes, pathname);
    if (tag) open(tag);
  }, [routes, pathname, open]);

  const actionItems: MenuProps['items'] = TAG_ACTIONS.map((key) => ({ key, label: t(`shell:tags.${key}`) }));
  const withMenu = (path: string, label: ReactNode) => (
    <Dropdown
      trigger={['contextMenu']}
      menu={{ items: actionItems, onClick: ({ key }) => runAction(key as TagAction, path) }}
    >
      <span data-testid="tag">{label}</span>
    </Dropdown>
  );

  const items = [
    { key: HOME_PATH, label: withMenu(HOME_PATH, t('home')), closable: false },
    ...tags.map((tag) => ({
      key: tag.path,
      label: withMenu(tag.path, menuLabel(tag.code, tag.name, lang)),
      closable: true,
    })),
  ];

  const onClose = (path: string) => {
    const active = currentPath();
    const next = activeAfterClose(
      items.map((item) => item.key),
      path,
      active,
    );
    close(path);
    if (next !== active) navigate(next);
  };

  return (
    <ConfigProvider theme={tagsTheme}>
      <Tabs
        data-testid="tags-bar"
        type="editable-card"
        hideAdd
        size="small"
        activeKey={pathname}
        items={items}
        onChange={(path) => navigate(tags.find((tag) => tag.path === path)?.to ?? path)}
        onEdit={(path, action) => action === 'remove' && typeof path === 'string' && onClose(path)}
        tabBarStyle={{
          margin: 0,
          padding: '6px 16px 0',
          background: look.tagsBg,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
        tabBarExtraContent={
          <Dropdown
            menu={{ items: actionItems, onClick: ({ key }) => runAction(key as TagAction) }}
            trigger={['click']}
          >
            <Button size="small" type="text" icon={<DownOutlined />} aria-label={t('shell:tags.menu')} />
          </Dropdown>
        }
      />
    </ConfigProvider>
  );
}
