import { SaveOutlined } from '@ant-design/icons';
import { wfForm } from '@park/catalog';
import { type FormSchema, schemaProblems } from '@park/catalog/forms';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchForm, submitForm } from '../../../../api/workflow-form.ts';
import { FormDesigner } from '../../../../components/form-designer/FormDesigner.tsx';
import { PageSpin } from '../../../../components/PageSpin.tsx';
import { toast } from '../../../../feedback.ts';
import { useLang } from '../../../../i18n/index.ts';
import { schemaOf } from './schemaOf.ts';

interface FormDesignDrawerProps {
  id: string;
  onClose: () => void;
  /** After each save (the list shows the new version). */
  onSaved: () => void;
}

/**
 * 设计: the form's main version opened in the designer, full screen. 保存 sends the schema with the form's row to
 * design/form/submit, which stores it as the next version and makes it the main one; a schema with problems is
 * not sent (the designer lists them, and so does the refusal). Closing with changes not saved asks first.
 */
export function FormDesignDrawer({ id, onClose, onSaved }: FormDesignDrawerProps) {
  const { t } = useTranslation(['forms', 'common']);
  const lang = useLang();
  const { modal } = App.useApp();
  const form = useQuery({ queryKey: ['crud', wfForm.key, 'design', id], queryFn: () => fetchForm(id), gcTime: 0 });
  const [schema, setSchema] = useState<FormSchema>();
  // The schema as last loaded or saved, to tell whether there is anything to lose.
  const [kept, setKept] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!form.data || kept !== undefined) return;
    const { schema: loaded, broken } = schemaOf(form.data.content);
    if (broken) toast.warning(t('screen.brokenContent'));
    setSchema(loaded);
    setKept(JSON.stringify(loaded));
  }, [form.data, kept, t]);

  const dirty = schema !== undefined && JSON.stringify(schema) !== kept;
  const close = () => {
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('screen.unsavedTitle'),
      content: t('screen.unsaved'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: onClose,
    });
  };

  const save = async () => {
    const row = form.data;
    if (!schema || !row) return;
    const problems = schemaProblems(schema);
    if (problems.length) {
      modal.error({
        title: t('screen.problemsTitle'),
        content: (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {problems.map((problem) => (
              <li key={problem[lang]}>{problem[lang]}</li>
            ))}
          </ul>
        ),
        okText: t('common:ok'),
      });
      return;
    }
    setSaving(true);
    try {
      const content = JSON.stringify(schema);
      const { id: formId, formKey, name, categoryId, status, remark } = row;
      await submitForm({ id: formId, formKey, name, categoryId, status, remark, content });
      const saved = await fetchForm(id);
      setKept(content);
      toast.success(t('screen.saved', { version: saved.version }));
      onSaved();
    } catch {
      // The server's refusal is shown already; the design stays open to be put right.
    } finally {
      setSaving(false);
    }
  };

  const name = form.data?.name ?? '';
  return (
    <Drawer
      open
      size="100%"
      title={t('screen.designTitle', { name })}
      onClose={close}
      // Esc cancels a drag on the canvas; it must not close the designer as well.
      keyboard={false}
      styles={{ body: { paddingBlock: 8 } }}
      // The drawer's own close button (关闭) stands at its top left.
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!schema} onClick={() => void save()}>
          {t('screen.save')}
        </Button>
      }
    >
      {schema ? (
        <FormDesigner value={schema} onChange={setSchema} name={form.data?.formKey} />
      ) : (
        // A failed read was shown by the request; the close button stays.
        !form.isError && <PageSpin />
      )}
    </Drawer>
  );
}
