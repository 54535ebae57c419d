import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { logout } from '../../auth/logout.ts';
import { useLock } from '../../stores/lock.ts';
import { loginPathOf, useSession } from '../../stores/session.ts';

/** /lock: shows who is signed in; only the lock password unlocks, and a refresh stays here. */
export default function LockPage() {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.accessToken);
  const accountType = useSession((s) => s.accountType);
  const locked = useLock((s) => s.locked);
  const returnTo = useLock((s) => s.returnTo);
  const unlock = useLock((s) => s.unlock);
  const [wrong, setWrong] = useState(false);

  if (!token) return <Navigate to={loginPathOf(accountType)} replace />;
  // Unlocked (just now, or never locked): back to where the user locked.
  if (!locked) return <Navigate to={returnTo} replace />;

  const submit = ({ password }: { password: string }) => setWrong(!unlock(password));

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #0f2027, #2c5364)' }}
    >
      <Card style={{ width: 360 }}>
        <Flex vertical align="center" gap={12}>
          <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user?.realName || user?.account}
          </Typography.Title>
          <Typography.Text type="secondary">{t('lock.locked')}</Typography.Text>
          <Form onFinish={submit} style={{ width: '100%' }}>
            <Form.Item
              name="password"
              rules={[{ required: true, message: t('lock.required') }]}
              validateStatus={wrong ? 'error' : undefined}
              help={wrong ? t('lock.wrong') : undefined}
            >
              <Input.Password autoFocus placeholder={t('lock.placeholder')} onChange={() => setWrong(false)} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block>
              {t('lock.unlock')}
            </Button>
          </Form>
          <Button type="link" onClick={() => void logout()}>
            {t('lock.logout')}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
