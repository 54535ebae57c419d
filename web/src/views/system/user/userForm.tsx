import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPostOptions } from '../../../api/system.ts';
import type { FieldInputs, RecordMode } from '../../../crud/RecordModal.tsx';
import { QueryIdsTreeSelect } from '../shared/QueryTreeSelects.tsx';
import { deptTreeQuery, roleTreeQuery } from '../shared/treeQueries.ts';

interface PostSelectProps {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  placeholder?: string;
}

/** The posts to pick from; the form value is the comma-joined id list. */
function PostSelect({ value, onChange, id, placeholder }: PostSelectProps) {
  const posts = useQuery({ queryKey: ['system', 'post', 'select'], queryFn: fetchPostOptions });
  return (
    <Select
      id={id}
      placeholder={placeholder}
      mode="multiple"
      allowClear
      loading={posts.isPending}
      options={posts.data?.map((post) => ({ value: post.id, label: String(post.postName) }))}
      value={value ? value.split(',') : []}
      onChange={(ids: string[]) => onChange?.(ids.join(','))}
    />
  );
}

/** The user dialog's pickers: roles and departments from their trees, posts from their list. */
export const userInputs: FieldInputs = {
  roleId: ({ placeholder }) => <QueryIdsTreeSelect tree={roleTreeQuery} placeholder={placeholder} />,
  deptId: ({ placeholder }) => <QueryIdsTreeSelect tree={deptTreeQuery} placeholder={placeholder} />,
  postId: ({ placeholder }) => <PostSelect placeholder={placeholder} />,
};

/** The password and its confirmation, asked only when a user is created. */
export function UserPasswordItems({ mode }: { mode: RecordMode['mode'] }) {
  const { t } = useTranslation('system');
  if (mode !== 'add') return null;
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name="password"
          label={t('user.password')}
          rules={[{ required: true, message: t('user.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="password2"
          label={t('user.password2')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('user.password2Required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('user.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
    </>
  );
}
