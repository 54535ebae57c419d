import { useQuery } from '@tanstack/react-query';
import { Form, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryTreeQuery } from '../../../../api/workflow-design.ts';
import { toast } from '../../../../feedback.ts';

/**
 * 变更分类: one process category (from the category tree) for the picked rows, by the list's own call
 * (design/model/changeCategory, design/deployment/changeCategory).
 */
export function ChangeCategoryModal({
  ids,
  change,
  onClose,
  onDone,
}: {
  ids: string[];
  change: (ids: string[], categoryId: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['workflow', 'common']);
  const [form] = Form.useForm<{ categoryId: string }>();
  const [saving, setSaving] = useState(false);
  const categories = useQuery(categoryTreeQuery);

  const save = async () => {
    const { categoryId } = await form.validateFields();
    setSaving(true);
    try {
      await change(ids, categoryId);
      toast.success(t('category.changed'));
      onDone();
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('category.title', { count: ids.length })}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="changeCategory">
        <Form.Item
          name="categoryId"
          label={t('category.label')}
          rules={[{ required: true, message: t('category.required') }]}
        >
          <TreeSelect
            showSearch
            allowClear
            treeDefaultExpandAll
            treeNodeFilterProp="title"
            loading={categories.isPending}
            treeData={categories.data ?? []}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
