import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Form, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../api/system.ts';
import { toast } from '../feedback.ts';

/** The modal's words, in the screen's own namespace (a process category, a questionnaire category). */
export interface ChangeCategoryTexts {
  title: string;
  label: string;
  required: string;
  changed: string;
}

/**
 * 变更分类: one category (from the list's category tree) for the picked rows, by the list's own call
 * (design/model/changeCategory, design/deployment/changeCategory, questionnaire form/changeCategory).
 */
export function ChangeCategoryModal({
  ids,
  change,
  tree,
  texts,
  onClose,
  onDone,
}: {
  ids: string[];
  change: (ids: string[], categoryId: string) => Promise<unknown>;
  /** The categories as picker nodes. */
  tree: { queryKey: QueryKey; queryFn: () => Promise<TreeNode[]> };
  texts: ChangeCategoryTexts;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<{ categoryId: string }>();
  const [saving, setSaving] = useState(false);
  const categories = useQuery(tree);

  const save = async () => {
    const { categoryId } = await form.validateFields();
    setSaving(true);
    try {
      await change(ids, categoryId);
      toast.success(texts.changed);
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
      title={texts.title}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="changeCategory">
        <Form.Item name="categoryId" label={texts.label} rules={[{ required: true, message: texts.required }]}>
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
