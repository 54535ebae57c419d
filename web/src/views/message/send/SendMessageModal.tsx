import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { type NewMessage, SENDABLE_TYPES, type SendableType, sendMessage } from '../../../api/message.ts';
import { fetchDeptTree, fetchRoleTree, type TreeNode } from '../../../api/system.ts';
import { PersonPicker } from '../../../components/pickers/PersonPicker.tsx';
import { PickerField, type PickerInputProps } from '../../../components/pickers/PickerField.tsx';
import { FormModal } from '../../../crud/FormModal.tsx';
import { useTypeName } from '../../../shell/messages.ts';

interface SendForm {
  title: string;
  content: string;
  type: SendableType;
  people?: Row[];
  deptIds?: string[];
  roleIds?: string[];
}

/** The people field: the picked users' names; the person picker (checkboxes) replaces them. */
function PeopleInput({ id, value, onChange, placeholder }: PickerInputProps<Row[]>) {
  const { t } = useTranslation('message');
  const [picking, setPicking] = useState(false);
  return (
    <>
      <PickerField
        id={id}
        text={(value ?? []).map((user) => String(user.realName ?? user.id)).join(', ')}
        placeholder={placeholder}
        onOpen={() => setPicking(true)}
        onClear={() => onChange?.(undefined)}
      />
      {picking && (
        <PersonPicker
          multiple
          title={t('pickPeople')}
          onConfirm={(users) => {
            onChange?.(users);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}

/** A multiple tree select over the department or role tree. */
function TreeIdsInput({
  tree,
  ...props
}: {
  tree: TreeNode[] | undefined;
  id?: string;
  value?: string[];
  placeholder?: string;
}) {
  return (
    <TreeSelect
      {...props}
      multiple
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      loading={tree === undefined}
      treeData={tree ?? []}
    />
  );
}

/** What the form's values post: the chosen ids go in the field of the message's type. */
function toMessage({ people, deptIds, roleIds, ...message }: SendForm): NewMessage {
  if (message.type === 1) return { ...message, userIds: people?.map((user) => user.id) };
  return message.type === 2 ? { ...message, deptIds } : { ...message, roleIds };
}

/** 发送消息: title, content, type, and the recipients the type asks for. */
export function SendMessageModal({ onClose, onSent }: { onClose(): void; onSent(): void }) {
  const { t } = useTranslation('message');
  const typeName = useTypeName();
  const depts = useQuery({ queryKey: ['system', 'dept', 'tree'], queryFn: fetchDeptTree });
  const roles = useQuery({ queryKey: ['system', 'role', 'tree'], queryFn: fetchRoleTree });
  const required = (message: string) => [{ required: true, message }];
  return (
    <FormModal<SendForm, string>
      title={t('send')}
      width={720}
      name="sendMessage"
      labelCol={{ span: 4 }}
      initialValues={{ type: 1 }}
      submit={(values) => sendMessage(toMessage(values))}
      savedMessage={t('done')}
      okText={t('sendNow')}
      onClose={onClose}
      onSaved={onSent}
    >
      {/* Each field's placeholder says what it wants, as its rule does when it is missing. */}
      <Form.Item name="title" label={t('title')} rules={[...required(t('rules.title')), { max: 255 }]}>
        <Input maxLength={255} placeholder={t('rules.title')} />
      </Form.Item>
      <Form.Item name="type" label={t('type')} rules={required(t('rules.type'))}>
        <Select
          placeholder={t('rules.type')}
          options={SENDABLE_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.type !== after.type}>
        {({ getFieldValue }) => {
          const type = getFieldValue('type') as SendableType;
          if (type === 1) {
            return (
              <Form.Item name="people" label={t('receivers')} rules={required(t('rules.receivers'))}>
                <PeopleInput placeholder={t('rules.receivers')} />
              </Form.Item>
            );
          }
          return type === 2 ? (
            <Form.Item name="deptIds" label={t('depts')} rules={required(t('rules.depts'))}>
              <TreeIdsInput tree={depts.data} placeholder={t('rules.depts')} />
            </Form.Item>
          ) : (
            <Form.Item name="roleIds" label={t('roles')} rules={required(t('rules.roles'))}>
              <TreeIdsInput tree={roles.data} placeholder={t('rules.roles')} />
            </Form.Item>
          );
        }}
      </Form.Item>
      <Form.Item name="content" label={t('content')} rules={required(t('rules.content'))}>
        <Input.TextArea rows={6} placeholder={t('rules.content')} />
      </Form.Item>
    </FormModal>
  );
}
