import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../stores/layout.ts';
import { usePreferences } from '../stores/preferences.ts';
import { FullScreenButton } from './FullScreenButton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LockButton } from './LockButton.tsx';
import { MenuSearchDialog } from './MenuSearchDialog.tsx';
import { useMenuSearchDialog } from './menuSearchState.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { PrimaryColorPicker, ThemeButton } from './ThemeDialog.tsx';
import { TopMenuBar } from './TopMenuBar.tsx';
import { TopSearch } from './TopSearch.tsx';
import { THEMES } from './themes.ts';
import { UserMenu } from './UserMenu.tsx';
import { useScreen } from './useScreen.ts';

export function TopBar() {
  const { t } = useTranslation(['layout', 'shell']);
  const { token } = theme.useToken();
  const look = THEMES[usePreferences((s) => s.theme)];
  const collapsed = useLayout((s) => s.collapsed);
  const setCollapsed = useLayout((s) => s.setCollapsed);
  const openSearch = useMenuSearchDialog((s) => s.setOpen);
  // Narrower screens keep the tools one uses most: the search box goes below 1200 px, the looks below 768.
  const { mobile, compact } = useScreen();
  return (
    <Layout.Header
      style={{
        background: look.headerBg,
        color: look.headerText,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: mobile ? '0 8px' : '0 16px',
        height: 56,
        lineHeight: '56px',
      }}
    >
      {/* The header's text colour on its plain buttons, so coloured and dark headers stay readable. */}
      <ConfigProvider
        theme={{ components: { Button: { textTextColor: look.headerText, textTextHoverColor: look.headerText } } }}
      >
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Flex align="center" style={{ minWidth: 0 }}>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={t('toggleMenu')}
              onClick={() => setCollapsed(!collapsed)}
            />
            {!compact && <TopMenuBar />}
          </Flex>
          <Flex align="center" gap={mobile ? 0 : 4}>
            {!compact && <TopSearch />}
            <Button
              type="text"
              icon={<SearchOutlined />}
              aria-label={t('shell:search.dialogTitle')}
              onClick={() => openSearch(true)}
            />
            {!mobile && <PrimaryColorPicker />}
            {!mobile && <ThemeButton />}
            <LockButton />
            <NotificationBell />
            {!mobile && <FullScreenButton />}
            <LanguageSwitch />
            <UserMenu />
          </Flex>
        </Flex>
      </ConfigProvider>
      <MenuSearchDialog />
    </Layout.Header>
  );
}
