import { SaveOutlined } from '@ant-design/icons';
import { type FormSchema, schemaProblems } from '@park/catalog/forms';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback.ts';
import { useLang } from '../../i18n/index.ts';
import { PageSpin } from '../PageSpin.tsx';
import type { DesignedForm, DesignedForms } from './designedForms.ts';
import { FormDesigner } from './FormDesigner.tsx';
import { schemaOf } from './schemaOf.ts';

interface FormDesignDrawerProps<F extends DesignedForm> {
  forms: DesignedForms<F>;
  id: string;
  onClose: () => void;
  /** After each save (the list shows the new version). */
  onSaved: () => void;
}

/**
 * 设计: the form's main version opened in the designer (with the module's kinds of field), full screen. 保存 stores the
 * schema as the form's next version, the main one; a schema with problems is not sent (the designer lists them, and
 * so does the refusal). Closing with changes not saved asks first.
 */
export function FormDesignDrawer<F extends DesignedForm>({ forms, id, onClose, onSaved }: FormDesignDrawerProps<F>) {
  const { t } = useTranslation(['forms', 'common']);
  const lang = useLang();
  const { modal } = App.useApp();
  const form = useQuery({
    queryKey: ['crud', forms.entity.key, 'design', id],
    queryFn: () => forms.detail(id),
    gcTime: 0,
  });
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
      const version = await forms.saveVersion(row, content);
      setKept(content);
      toast.success(t('screen.saved', { version }));
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
        <FormDesigner
          value={schema}
          onChange={setSchema}
          name={form.data?.formKey ?? form.data?.name}
          kinds={forms.kinds}
        />
      ) : (
        // A failed read was shown by the request; the close button stays.
        !form.isError && <PageSpin />
      )}
    </Drawer>
  );
}
