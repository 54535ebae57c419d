import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http.ts';
import { ownAccountQuery } from '../../api/system.ts';
import { useSave } from '../../crud/useSave.ts';
import { md5 } from '../../utils/md5.ts';

interface Passwords {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** Old, new and repeated new password; the server receives their MD5 digests, as at login (CONTRACT.md). */
export function PasswordForm() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const [form] = Form.useForm<Passwords>();
  const client = useQueryClient();

  const save = useSave(
    (values: Passwords) =>
      request('blade-user/update-password', {
        method: 'POST',
        query: {
          oldPassword: md5(values.oldPassword),
          newPassword: md5(values.newPassword),
          newPassword1: md5(values.newPassword1),
        },
      }),
    () => {
      form.resetFields();
      // The account read says the password is no longer the initial one: the shell's notice goes.
      void client.invalidateQueries({ queryKey: ownAccountQuery.queryKey });
      void message.success(t('saved'));
    },
  );

  const required = (label: string) => ({ required: true, message: t('required', { label }) });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(values) => save.mutate(values)}>
      <Form.Item name="oldPassword" label={t('oldPassword')} rules={[required(t('oldPassword'))]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('newPassword')} rules={[required(t('newPassword'))]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('newPassword1')}
        dependencies={['newPassword']}
        rules={[
          required(t('newPassword1')),
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('submit')}
      </Button>
    </Form>
  );
}
