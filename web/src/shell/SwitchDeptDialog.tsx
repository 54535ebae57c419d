import { Form, type FormInstance, Modal, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeptRole, SwitchOptions } from '../api/auth.ts';

interface Props {
  open: boolean;
  /** The user's departments and roles; undefined while they load. */
  options?: Pick<SwitchOptions, 'depts' | 'roles'>;
  /** The session's department and role ids (comma lists until the session acts as one of each). */
  current?: DeptRole;
  onSubmit(as: DeptRole): Promise<void>;
  onCancel(): void;
}

/** The id a select starts with: the session's when it is exactly one of those offered. */
function preselect(ids: string | undefined, offered: { id: string }[] | undefined): string | undefined {
  return offered?.some((o) => o.id === ids) ? ids : undefined;
}

/**
 * Switch department (spec parts 2 and 5): a department and a role of the user's, both required.
 * The login asks with it too, in switch mode, when the user holds more than one of either.
 */
export function SwitchDeptDialog({ open, options, current, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('shell');
  // Each opening mounts a new form (no shared instance), so it starts from the session's current values.
  const form = useRef<FormInstance<DeptRole>>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (values: DeptRole) => {
    setSaving(true);
    try {
      await onSubmit(values);
    } catch {
      // The server's reason is already shown; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };
  const choices = (items: { id: string; name: string }[] | undefined) =>
    items?.map((item) => ({ value: item.id, label: item.name }));
  return (
    <Modal
      title={t('switchDept.title')}
      open={open}
      onCancel={onCancel}
      onOk={() => form.current?.submit()}
      okText={t('switchDept.submit')}
      okButtonProps={{ loading: saving, disabled: !options }}
      destroyOnHidden
      width={400}
    >
      {/* Mounted once the options are there, so the initial values are the session's. */}
      {options && (
        <Form
          ref={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            deptId: preselect(current?.deptId, options.depts),
            roleId: preselect(current?.roleId, options.roles),
          }}
        >
          <Form.Item
            name="deptId"
            label={t('switchDept.dept')}
            rules={[{ required: true, message: t('switchDept.deptRequired') }]}
          >
            <Select options={choices(options.depts)} placeholder={t('switchDept.deptRequired')} />
          </Form.Item>
          <Form.Item
            name="roleId"
            label={t('switchDept.role')}
            rules={[{ required: true, message: t('switchDept.roleRequired') }]}
          >
            <Select options={choices(options.roles)} placeholder={t('switchDept.roleRequired')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
