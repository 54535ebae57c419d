import { DownOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Dropdown, type MenuProps, Tabs, theme } from 'antd';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { menuLabel, useLang } from '../i18n/index.ts';
import { currentPath, HOME_PATH } from '../router/paths.ts';
import { useMenuTree } from '../router/useMenuTree.ts';
import { usePreferences } from '../stores/preferences.ts';
import { useTags } from '../stores/tags.ts';
import { AFTER_TAB_CLOSE } from './accordion.ts';
import { activeAfterClose, HOME_TAB_ID, tagOf } from './tabs.ts';
import { TAG_ACTIONS, type TagAction, useTagActions } from './tagActions.ts';
import { THEMES, tagsThemeOf } from './themes.ts';

/** The bar's height, the same however many tabs it holds (the page below never moves). */
export const TAGS_BAR_HEIGHT = 39;

/**
 * The open pages as card tabs: home first, pinned (it never scrolls away) and never closable; any other
 * closable. The bar keeps one height: tabs beyond its width scroll and are listed under its … button;
 * past the limit (preferences) the oldest closable tab closes. Tabs are kept in localStorage, so they
 * come back after a refresh. Right-click on a tab, or the menu at the end of the bar, offers the tab actions.
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
  const trim = useTags((s) => s.trim);
  const tagLimit = usePreferences((s) => s.tagLimit);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const runAction = useTagActions();

  // A page reached by its address (a refresh, a link) opens its tab too; the menus open theirs on click.
  useEffect(() => {
    const tag = tagOf(routes, pathname);
    if (tag) open(tag);
  }, [routes, pathname, open]);
  // A limit lowered in the settings closes the oldest tabs at once.
  useEffect(() => {
    if (tagLimit) trim(pathname);
  }, [tagLimit, trim, pathname]);

  // The tab whose menu is open: by a right-click on its label, or from the keyboard on the focused tab.
  const [menuOf, setMenuOf] = useState<string | null>(null);
  const actionItems: MenuProps['items'] = TAG_ACTIONS.map((key) => ({ key, label: t(`shell:tags.${key}`) }));
  const withMenu = (path: string, label: ReactNode) => (
    <Dropdown
      trigger={['contextMenu']}
      open={menuOf === path}
      onOpenChange={(open) => setMenuOf(open ? path : null)}
      // Opened from the keyboard, the menu takes the focus: arrows, Enter, Esc.
      autoFocus
      menu={{
        items: actionItems,
        onClick: ({ key }) => {
          setMenuOf(null);
          runAction(key as TagAction, path);
        },
      }}
    >
      <span data-testid="tag">{label}</span>
    </Dropdown>
  );

  /** The tab an event happened on, outside its label (whose own Dropdown takes right-clicks). */
  const tabOf = (target: EventTarget) => {
    const element = target as HTMLElement;
    if (element.closest('[data-testid="tag"]')) return null;
    return element.closest('[role="tab"]')?.closest('[data-node-key]')?.getAttribute('data-node-key') ?? null;
  };
  /**
   * The context-menu key or Shift+F10 on a focused tab opens its menu, as a right-click on it does (the
   * browser's own context menu event from the keyboard lands on the tab, not on its label).
   */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
    const path = tabOf(event.target);
    if (!path) return;
    event.preventDefault();
    setMenuOf(path);
  };
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const path = tabOf(event.target);
    if (!path) return;
    event.preventDefault();
    setMenuOf(path);
  };

  const items = [
    ...tags.map((tag) => ({
      key: tag.path,
      label: withMenu(tag.path, menuLabel(tag.code, tag.name, lang)),
      closable: true,
    })),
  ];

  const onClose = (path: string) => {
    const active = currentPath();
    const next = activeAfterClose([HOME_PATH, ...items.map((item) => item.key)], path, active);
    close(path);
    // The sidebar keeps the folder one was working in (accordion.ts).
    if (next !== active) navigate(next, { state: AFTER_TAB_CLOSE });
  };

  const atHome = pathname === HOME_PATH;
  // 首页 outside the scrolling list, drawn as one of its tabs (the same classes), so no scroll hides it;
  // repairTablists makes the list own it (aria-owns).
  const home = (
    <div className={`ant-tabs-tab${atHome ? ' ant-tabs-tab-active' : ''}`} data-node-key={HOME_PATH}>
      <div
        id={HOME_TAB_ID}
        role="tab"
        aria-selected={atHome}
        tabIndex={0}
        className="ant-tabs-tab-btn"
        onClick={() => navigate(HOME_PATH)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          navigate(HOME_PATH);
        }}
      >
        {withMenu(HOME_PATH, t('home'))}
      </div>
    </div>
  );

  return (
    <ConfigProvider theme={tagsTheme}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys reach it from the tabs inside. */}
      <div onKeyDown={onKeyDown} onContextMenu={onContextMenu}>
        {/*
          The bar's look as a rule, not as tabBarStyle, which antd also puts on the overflow button's box (…, the
          hidden tabs' list), padding and all, so that the box stood taller than the bar; the button as high as a tab.
        */}
        <style>{`.park-tags-bar.ant-tabs > .ant-tabs-nav {
  margin: 0; height: ${TAGS_BAR_HEIGHT}px; box-sizing: border-box; align-items: flex-end; padding: 6px 16px 0;
  background: ${look.tagsBg}; border-bottom: 1px solid ${token.colorBorderSecondary};
}
.park-tags-bar.ant-tabs > .ant-tabs-nav .ant-tabs-nav-more { height: 32px; padding-block: 0; }`}</style>
        <Tabs
          className="park-tags-bar"
          data-testid="tags-bar"
          type="editable-card"
          hideAdd
          size="small"
          // No tab of the list is active at home: 首页 is pinned outside it.
          activeKey={atHome ? '' : pathname}
          items={items}
          onChange={(path) => navigate(tags.find((tag) => tag.path === path)?.to ?? path)}
          onEdit={(path, action) => action === 'remove' && typeof path === 'string' && onClose(path)}
          tabBarExtraContent={{
            left: home,
            right: (
              <Dropdown
                menu={{ items: actionItems, onClick: ({ key }) => runAction(key as TagAction) }}
                trigger={['click']}
              >
                <Button size="small" type="text" icon={<DownOutlined />} aria-label={t('shell:tags.menu')} />
              </Dropdown>
            ),
          }}
        />
      </div>
    </ConfigProvider>
  );
}
