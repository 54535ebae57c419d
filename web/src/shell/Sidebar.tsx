import { Flex, Layout, Menu, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useLang } from '../i18n/index.ts';
import { ancestorsOf } from '../router/menuRoutes.ts';
import { useLayout } from '../stores/layout.ts';
import { usePreferences } from '../stores/preferences.ts';
import { menuItems } from './menuItems.tsx';
import { useMenuNavigation } from './menuNavigation.ts';
import { THEMES } from './themes.ts';

export function Sidebar() {
  const { t } = useTranslation();
  const lang = useLang();
  const { tree, open } = useMenuNavigation();
  const look = THEMES[usePreferences((s) => s.theme)];
  const { pathname } = useLocation();
  const collapsed = useLayout((s) => s.collapsed);
  const setCollapsed = useLayout((s) => s.setCollapsed);
  const [narrow, setNarrow] = useState(false);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // Keep the group of the current page open, whichever way the user got there.
  useEffect(() => {
    const missing = (keys: string[]) => ancestorsOf(tree, pathname).filter((key) => !keys.includes(key));
    setOpenKeys((keys) => (missing(keys).length ? [...keys, ...missing(keys)] : keys));
  }, [tree, pathname]);

  const items = useMemo(() => menuItems(tree, lang), [tree, lang]);

  const onClick = ({ key }: { key: string }) => {
    open(key);
    if (narrow) setCollapsed(true);
  };

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      trigger={null}
      width={220}
      breakpoint="lg"
      onBreakpoint={(broken) => {
        setNarrow(broken);
        if (broken) setCollapsed(true);
      }}
      style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0, background: look.siderBg }}
    >
      <Flex align="center" justify="center" gap={8} style={{ height: 56 }}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {!collapsed && (
          <Typography.Text strong style={{ color: look.siderDark ? '#fff' : look.headerText, fontSize: 16 }}>
            {t('appName')}
          </Typography.Text>
        )}
      </Flex>
      <Menu
        theme={look.siderDark ? 'dark' : 'light'}
        style={{ background: 'transparent', borderInlineEnd: 0 }}
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        onClick={onClick}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </Layout.Sider>
  );
}
