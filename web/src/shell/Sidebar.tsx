import { Flex, Layout, Menu, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useLang } from '../i18n/index.ts';
import { ancestorsOf } from '../router/menuRoutes.ts';
import { useLayout } from '../stores/layout.ts';
import { usePreferences } from '../stores/preferences.ts';
import { accordionKeys, pageKeys } from './accordion.ts';
import { menuItems } from './menuItems.tsx';
import { useMenuNavigation } from './menuNavigation.ts';
import { useSidebarTree } from './TopMenuBar.tsx';
import { THEMES } from './themes.ts';
import { useScreen } from './useScreen.ts';

const WIDTH = 220;

/**
 * The menu tree. Below 992 px it starts collapsed and a click on a page collapses it again (spec part 2);
 * below 768 px it is an overlay over the page, hidden until the top bar's menu button opens it.
 */
export function Sidebar() {
  const { t } = useTranslation(['common', 'shell']);
  const lang = useLang();
  const { open } = useMenuNavigation();
  const tree = useSidebarTree();
  const look = THEMES[usePreferences((s) => s.theme)];
  const { pathname, state } = useLocation();
  const collapsed = useLayout((s) => s.collapsed);
  const setCollapsed = useLayout((s) => s.setCollapsed);
  const { mobile, narrow } = useScreen();
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const accordion = usePreferences((s) => s.accordion);

  // Entering a narrow screen (or opening the console on one) collapses the menu.
  useEffect(() => {
    if (narrow) setCollapsed(true);
  }, [narrow, setCollapsed]);

  // Keep the group of the current page open, whichever way the user got there; as an accordion, alone, unless a
  // closed tab brought the page (accordion.ts).
  const keep = (state as { afterTabClose?: boolean } | null)?.afterTabClose === true;
  useEffect(() => {
    setOpenKeys((keys) => pageKeys(keys, ancestorsOf(tree, pathname), accordion, keep));
  }, [tree, pathname, accordion, keep]);
  const onOpenChange = (next: string[]) => setOpenKeys((keys) => (accordion ? accordionKeys(tree, keys, next) : next));

  const items = useMemo(() => menuItems(tree, lang), [tree, lang]);

  const onClick = ({ key }: { key: string }) => {
    open(key);
    if (narrow) setCollapsed(true);
  };

  const overlay = mobile && !collapsed;
  return (
    <>
      {overlay && (
        // The page behind the open overlay: a click there closes the menu.
        <div
          aria-hidden
          data-testid="sidebar-mask"
          onClick={() => setCollapsed(true)}
          style={{ position: 'fixed', inset: 0, zIndex: 999, background: 'rgba(0, 0, 0, 0.45)' }}
        />
      )}
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        collapsedWidth={mobile ? 0 : undefined}
        trigger={null}
        width={WIDTH}
        aria-label={t('shell:sidebar')}
        style={{
          height: '100vh',
          top: 0,
          background: look.siderBg,
          ...(mobile ? { position: 'fixed', left: 0, zIndex: 1000 } : { position: 'sticky' }),
        }}
      >
        {/* The logo stays in place; the menu scrolls below it. */}
        <Flex vertical style={{ height: '100%' }}>
          <Flex align="center" justify="center" gap={8} style={{ height: 56, flex: 'none' }}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {!collapsed && (
              <Typography.Text strong style={{ color: look.siderDark ? '#fff' : undefined, fontSize: 16 }}>
                {t('appName')}
              </Typography.Text>
            )}
          </Flex>
          <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}>
            <Menu
              theme={look.siderDark ? 'dark' : 'light'}
              style={{ background: 'transparent', borderInlineEnd: 0 }}
              mode="inline"
              items={items}
              selectedKeys={[pathname]}
              onClick={onClick}
              {...(collapsed ? {} : { openKeys, onOpenChange })}
            />
          </div>
        </Flex>
      </Layout.Sider>
    </>
  );
}
