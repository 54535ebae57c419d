import { ApartmentOutlined, BugOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchSwitchOptions } from '../api/auth.ts';
import { switchSession } from '../auth/lifecycle.ts';
import { logout } from '../auth/logout.ts';
import { HOME_PATH } from '../router/paths.ts';
import { useSession } from '../stores/session.ts';
import { SwitchDeptDialog } from './SwitchDeptDialog.tsx';
import { INFO_PATH } from './staticPages.ts';
import { useScreen } from './useScreen.ts';

// The error log's table is loaded when the log is first opened: no page's first paint carries antd's Table for it.
const LogDialog = lazy(() => import('./LogDialog.tsx').then((m) => ({ default: m.LogDialog })));

/**
 * The signed-in user's name and avatar, opening the account actions: personal info, switch department
 * (only in switch mode), error log, logout.
 */
export function UserMenu() {
  const { t } = useTranslation(['layout', 'shell']);
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const switchMode = useSession((s) => s.switchMode);
  const { mobile } = useScreen();
  const [logOpen, setLogOpen] = useState(false);
  const [switchOpen, setSwitchOpen] = useState(false);
  // Asked each time the dialog opens: the user's departments and roles may have changed since the login.
  const options = useQuery({
    queryKey: ['auth', 'switch-options'],
    queryFn: () => fetchSwitchOptions(),
    enabled: switchOpen,
    staleTime: 0,
  });
  const name = user?.realName || user?.nickName || user?.userName || user?.account;
  const items = [
    { key: 'info', icon: <UserOutlined />, label: t('shell:userMenu.info') },
    ...(switchMode ? [{ key: 'switch', icon: <ApartmentOutlined />, label: t('shell:switchDept.menu') }] : []),
    { key: 'log', icon: <BugOutlined />, label: t('shell:userMenu.log') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout') },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'info') navigate(INFO_PATH);
    else if (key === 'switch') setSwitchOpen(true);
    else if (key === 'log') setLogOpen(true);
    else void logout();
  };
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button type="text" data-testid="user-menu">
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          {!mobile && <span>{name}</span>}
          <DownOutlined />
        </Button>
      </Dropdown>
      {logOpen && (
        <Suspense fallback={null}>
          <LogDialog open onClose={() => setLogOpen(false)} />
        </Suspense>
      )}
      <SwitchDeptDialog
        open={switchOpen}
        options={options.isFetching ? undefined : options.data}
        current={user ?? undefined}
        onCancel={() => setSwitchOpen(false)}
        onSubmit={async (as) => {
          await switchSession(as);
          setSwitchOpen(false);
          navigate(HOME_PATH);
        }}
      />
    </>
  );
}
