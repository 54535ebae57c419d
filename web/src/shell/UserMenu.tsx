import { BugOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../auth/logout.ts';
import { useSession } from '../stores/session.ts';
import { LogDialog } from './LogDialog.tsx';
import { INFO_PATH } from './staticPages.ts';

/** The signed-in user's name and avatar, opening the account actions: personal info, error log, logout. */
export function UserMenu() {
  const { t } = useTranslation(['layout', 'shell']);
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [logOpen, setLogOpen] = useState(false);
  const name = user?.realName || user?.nickName || user?.userName || user?.account;
  const items = [
    { key: 'info', icon: <UserOutlined />, label: t('shell:userMenu.info') },
    { key: 'log', icon: <BugOutlined />, label: t('shell:userMenu.log') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout') },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'info') navigate(INFO_PATH);
    else if (key === 'log') setLogOpen(true);
    else void logout();
  };
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button type="text" data-testid="user-menu">
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          <span>{name}</span>
          <DownOutlined />
        </Button>
      </Dropdown>
      <LogDialog open={logOpen} onClose={() => setLogOpen(false)} />
    </>
  );
}
