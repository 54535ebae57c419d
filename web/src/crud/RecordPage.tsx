import { ArrowLeftOutlined } from '@ant-design/icons';
import type { EntityDef } from '@park/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLang } from '../i18n/index.ts';
import { usePageTag } from '../shell/usePageTag.ts';
import { useTags } from '../stores/tags.ts';
import { SaveProblems, useSaveForm } from './FormModal.tsx';
import { FieldItems, useRecordForm } from './RecordModal.tsx';

/**
 * The catalog form of an entity on a page of its own (an entity with `editPages`, at `${route}/add` and
 * `${route}/edit/:id`: a rich-text body needs the room): a new row without `id`, the row's own with it. Its fields, rules and save are the dialog's
 * (useRecordForm, useSaveForm); saving or cancelling closes the page's tab and goes back to the list.
 */
export function RecordPage({ entity, id }: { entity: EntityDef; id?: string }) {
  const { t } = useTranslation(['crud', 'common']);
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  // Back to the list the page was opened from (two menus may list one entity: 政策管理 and 政策资讯), else the entity's.
  const from = typeof state?.from === 'string' && state.from.startsWith('/') ? state.from : entity.route;
  const queryClient = useQueryClient();
  const closeTag = useTags((s) => s.close);
  const titleId = useId();
  const { fields, loading, failed, detail, submit, initialValues } = useRecordForm(entity, id);
  const action = t(id ? 'edit' : 'add');
  const title = lang === 'zh' ? `${action}${entity.label.zh}` : `${action} ${entity.label.en}`;
  usePageTag(title);

  const back = () => {
    closeTag(pathname);
    navigate(from);
  };
  const { problems, formProps, save } = useSaveForm<Record<string, unknown>>({
    submit,
    savedMessage: id ? t('updated') : t('added'),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: ['crud', entity.key] });
      back();
    },
  });

  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      {entity.label[lang]}
    </Button>
  );
  // A region named by its heading: what a dialog's title is to the dialog form.
  return (
    <section aria-labelledby={titleId}>
      <Card
        title={
          <h1 id={titleId} style={{ margin: 0, fontSize: 'inherit' }}>
            {title}
          </h1>
        }
        extra={backButton}
      >
        {loading ? (
          <Spin style={{ display: 'block', padding: 48 }} />
        ) : failed ? (
          <Alert type="error" showIcon title={detail.error?.message} />
        ) : (
          <Form<Record<string, unknown>>
            {...formProps}
            labelCol={{ flex: '120px' }}
            initialValues={initialValues}
            style={{ maxWidth: 1080 }}
          >
            <FieldItems fields={fields} />
            <Space style={{ marginLeft: 120 }}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('save')}
              </Button>
              <Button onClick={back}>{t('common:cancel')}</Button>
            </Space>
          </Form>
        )}
        <SaveProblems problems={problems} />
      </Card>
    </section>
  );
}
