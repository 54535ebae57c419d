import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOCK_PATH } from '../router/paths.ts';
import { useLock } from '../stores/lock.ts';

/** Sets a lock password (required: 锁屏密码不能为空) and goes to /lock. */
export function LockButton() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const lock = useLock((s) => s.lock);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const submit = ({ password }: { password: string }) => {
    lock(password, pathname);
    setOpen(false);
    navigate(LOCK_PATH);
  };

  return (
    <>
      <Tooltip title={t('lock.button')}>
        <Button type="text" icon={<LockOutlined />} aria-label={t('lock.button')} onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal
        title={t('lock.title')}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('lock.submit')}
        destroyOnHidden
        width={400}
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, whitespace: true, message: t('lock.required') }]}
          >
            <Input.Password autoFocus placeholder={t('lock.placeholder')} onPressEnter={() => form.submit()} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
