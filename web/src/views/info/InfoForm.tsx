import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Form, Input, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http.ts';
import { type OwnAccount, ownAccountQuery } from '../../api/system.ts';
import { FileUpload } from '../../components/FileUpload.tsx';
import { IMAGE_EXTENSIONS, imageProblem, uploadImage } from '../../components/uploadImage.ts';
import { useSave } from '../../crud/useSave.ts';
import { useSession } from '../../stores/session.ts';
import { emailRule, mobileRule } from '../../utils/validate.ts';

type OwnInfo = Pick<OwnAccount, 'avatar' | 'realName' | 'name' | 'phone' | 'email'>;

const FIELDS = ['avatar', 'realName', 'name', 'phone', 'email'] as const;

/** The user's avatar, real name, user name, phone and email, saved through update-info. */
export function InfoForm() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const [form] = Form.useForm<OwnInfo>();
  const info = useQuery(ownAccountQuery);
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    if (info.data) form.setFieldsValue(Object.fromEntries(FIELDS.map((f) => [f, info.data[f]])));
  }, [info.data, form]);

  const save = useSave(
    (values: OwnInfo) => request('blade-user/update-info', { method: 'POST', body: values }),
    (_, values) => {
      // The top bar shows the avatar and name from the session.
      useSession.setState((s) =>
        s.user ? { user: { ...s.user, avatar: values.avatar ?? '', realName: values.realName ?? '' } } : s,
      );
      void info.refetch();
      void message.success(t('saved'));
    },
  );

  const uploadAvatar = (file: File) =>
    uploadImage(file)
      .then((link) => form.setFieldValue('avatar', link))
      .catch((error: Error) => void message.error(error.message));

  const required = (label: string) => [{ required: true, message: t('required', { label }) }];
  return (
    <Spin spinning={info.isPending}>
      <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(values) => save.mutate(values)}>
        <Form.Item name="avatar" label={t('avatar')} extra={t('avatarHint')}>
          <FileUpload types={IMAGE_EXTENSIONS} check={imageProblem} upload={uploadAvatar}>
            {(busy) => (
              <Spin spinning={busy}>
                <Avatar
                  size={80}
                  shape="square"
                  src={avatar || undefined}
                  icon={<UserOutlined />}
                  style={{ cursor: 'pointer' }}
                  data-testid="avatar"
                />
              </Spin>
            )}
          </FileUpload>
        </Form.Item>
        <Form.Item name="realName" label={t('realName')} rules={required(t('realName'))}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('userName')} rules={required(t('userName'))}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[mobileRule(false)]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={[emailRule()]}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('submit')}
        </Button>
      </Form>
    </Spin>
  );
}
