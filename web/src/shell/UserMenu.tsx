import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../auth/logout.ts';
import { useSession } from '../stores/session.ts';

/** The signed-in user's name and avatar, opening the account actions. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const user = useSession((s) => s.user);
  const name = user?.realName || user?.nickName || user?.userName || user?.account;
  const items = [{ key: 'logout', icon: <LogoutOutlined />, label: t('logout') }];
  return (
    <Dropdown menu={{ items, onClick: () => void logout() }} trigger={['click']}>
      <Button type="text" data-testid="user-menu">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span>{name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
