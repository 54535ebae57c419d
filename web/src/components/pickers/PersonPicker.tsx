import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud.ts';
import { fetchPostOptions, searchUsers } from '../../api/system.ts';
import { useIsCompany } from '../../stores/session.ts';
import { DeptTreeSelect } from '../DeptTreeSelect.tsx';
import { PickerDialog } from './PickerDialog.tsx';

export interface PersonPickerProps {
  /** Checkboxes for several people (spec part 2: radio or checkbox). */
  multiple?: boolean;
  title?: string;
  /** Filters every page carries (the accounts of one enterprise). */
  baseFilters?: Record<string, string>;
  /** Takes the picked users (rows of blade-user/search/user: id, realName, avatar, deptName, postName). */
  onConfirm: (users: Row[]) => unknown;
  onClose: () => void;
}

/** Users searched by name, department (and those below it) and post, 10 per page; search ids `personPicker_<field>`. */
export function PersonPicker({ multiple = false, title, baseFilters, onConfirm, onClose }: PersonPickerProps) {
  const { t } = useTranslation('pickers');
  // The park's departments and posts are not a company account's to read (nor do its own accounts have them).
  const parkStaff = !useIsCompany();
  const posts = useQuery({ queryKey: ['system', 'post', 'select'], queryFn: fetchPostOptions, enabled: parkStaff });
  return (
    <PickerDialog
      title={title ?? t('personTitle')}
      multiple={multiple}
      searchName="personPicker"
      queryKey={['picker', 'person', baseFilters]}
      load={(query) => searchUsers({ ...query, ...baseFilters })}
      emptyMessage={t('selectAtLeastOne')}
      onConfirm={onConfirm}
      onClose={onClose}
      searchItems={
        <>
          <Form.Item name="realName" label={t('realName')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          {parkStaff && (
            <>
              <Form.Item name="deptId" label={t('dept')}>
                <DeptTreeSelect style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="postId" label={t('post')}>
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  loading={posts.isPending}
                  options={posts.data?.map((post) => ({ value: post.id, label: String(post.postName) }))}
                  style={{ width: 160 }}
                />
              </Form.Item>
            </>
          )}
        </>
      }
      columns={[
        {
          key: 'avatar',
          dataIndex: 'avatar',
          title: t('avatar'),
          width: 70,
          render: (src: string | null) => <Avatar size="small" src={src || undefined} icon={<UserOutlined />} />,
        },
        { key: 'realName', dataIndex: 'realName', title: t('realName') },
        { key: 'deptName', dataIndex: 'deptName', title: t('dept') },
        { key: 'postName', dataIndex: 'postName', title: t('post') },
      ]}
    />
  );
}
