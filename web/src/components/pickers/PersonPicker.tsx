import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud.ts';
import { fetchPostOptions, searchUsers } from '../../api/system.ts';
import { useIsCompany } from '../../stores/session.ts';
import { DeptTreeSelect } from '../DeptTreeSelect.tsx';
import { PickerDialog } from './PickerDialog.tsx';
import { PickerField, type PickerInputProps } from './PickerField.tsx';

export interface PersonPickerProps {
  /** Checkboxes for several people (spec part 2: radio or checkbox). */
  multiple?: boolean;
  title?: string;
  /** Filters every page carries (the accounts of one enterprise). */
  baseFilters?: Record<string, string>;
  /** Takes the picked users (rows of blade-user/search/user: id, realName, avatar, deptName, postName, enterpriseName). */
  onConfirm: (users: Row[]) => unknown;
  onClose: () => void;
}

/**
 * Users searched by name, department (and those below it) and post, 10 per page, each with its department, post and,
 * for a company account, its enterprise; search ids `personPicker_<field>`.
 */
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
        // A company account's enterprise: park staff and the enterprises' people share the list.
        { key: 'enterpriseName', dataIndex: 'enterpriseName', title: t('enterprise') },
      ]}
    />
  );
}

/**
 * A form input holding the id of a park user picked in the person picker (a catalog field whose `ref`
 * names the user entity): read-only, showing the user's name, a click opens the dialog. The name of a
 * stored value is the one the server read with the row (the form value `nameAs`, the field's `ref.as`),
 * and a pick puts the picked user's name there too. Company accounts are left out: they are the
 * enterprises', not the park's people.
 */
export function PersonPickerInput({
  id,
  value,
  onChange,
  placeholder,
  disabled,
  nameAs,
}: PickerInputProps<string> & { nameAs: string }) {
  const form = Form.useFormInstance();
  const name: unknown = Form.useWatch(nameAs, { form, preserve: true });
  const [open, setOpen] = useState(false);
  const pick = (user: Row | undefined) => {
    form.setFieldValue(nameAs, user?.realName ?? undefined);
    onChange?.(user?.id);
  };
  return (
    <>
      <PickerField
        id={id}
        text={value ? String(name ?? '') : ''}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => pick(undefined)}
      />
      {open && (
        <PersonPicker
          baseFilters={PARK_ACCOUNTS}
          onConfirm={([user]) => {
            pick(user);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The user list's filter for park accounts (user_type 2 is a company account). */
export const PARK_ACCOUNTS = { userType_notequal: '2' };
