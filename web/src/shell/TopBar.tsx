import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../stores/layout.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { UserMenu } from './UserMenu.tsx';

export function TopBar() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const collapsed = useLayout((s) => s.collapsed);
  const setCollapsed = useLayout((s) => s.setCollapsed);
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: '0 16px',
        height: 56,
        lineHeight: '56px',
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t('toggleMenu')}
          onClick={() => setCollapsed(!collapsed)}
        />
        <Flex align="center" gap={8}>
          <LanguageSwitch />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
