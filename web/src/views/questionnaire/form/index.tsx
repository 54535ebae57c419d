import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeQnFormCategory, qnCategoryTreeQuery, setQnFormsEnabled } from '../../../api/questionnaire-form.ts';
import { ChangeCategoryModal } from '../../../components/ChangeCategoryModal.tsx';
import { DesignedFormsPage } from '../../../components/form-designer/DesignedFormsPage.tsx';
import { usePermission } from '../../../stores/session.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { questionnaireForms } from './designedForms.ts';

const isEnabled = (status: unknown) => Number(status) === 1;

/**
 * /questionnaire/form (问卷表单): the forms' generic list and dialog (name, category, description), searched, paged and
 * exported; per row 设计 (the designer with the questionnaire's kinds, full screen; each save a new version, the main
 * one), 历史 (the versions) and 启用 / 停用 after a question (an enabled form's main version is what new surveys
 * take); 变更分类 for the picked rows. Designing, the status and the category are the form's edit button (the
 * server's rule too); the history is open to whoever sees the list.
 */
export default function QuestionnaireFormPage() {
  const { t } = useTranslation('questionnaire');
  const confirmed = useConfirmed();
  const mayEdit = usePermission('questionnaire_form_edit');
  const mayView = usePermission('questionnaire_form_view');

  const switchStatus = (id: string, name: string, enable: boolean, reload: () => void) =>
    confirmed(
      t(enable ? 'form.enableQuestion' : 'form.deactivateQuestion', { name }),
      async () => {
        await setQnFormsEnabled([id], enable);
        reload();
      },
      t(enable ? 'form.enableDone' : 'form.deactivateDone', { name }),
    );

  return (
    <DesignedFormsPage
      forms={questionnaireForms}
      can={{ design: mayEdit, history: mayView || mayEdit, recategorise: mayEdit }}
      categoryModal={(props) => (
        <ChangeCategoryModal
          {...props}
          change={changeQnFormCategory}
          tree={qnCategoryTreeQuery}
          texts={{
            title: t('form.category.title', { count: props.ids.length }),
            label: t('form.category.label'),
            required: t('form.category.required'),
            changed: t('form.category.changed'),
          }}
        />
      )}
      columns={[
        {
          key: 'version',
          render: (value: unknown) => (Number(value) > 0 ? String(value) : <Tag>{t('form.notDesigned')}</Tag>),
        },
        {
          key: 'status',
          render: (value: unknown) =>
            isEnabled(value) ? (
              <Tag color="success">{t('form.enabled')}</Tag>
            ) : (
              <Tag color="default">{t('form.deactivated')}</Tag>
            ),
        },
      ]}
      rowActions={(row, { reload }) => {
        if (!mayEdit) return null;
        const enabled = isEnabled(row.status);
        return (
          <Button
            type="link"
            size="small"
            icon={enabled ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            onClick={() => switchStatus(row.id, String(row.name ?? ''), !enabled, reload)}
          >
            {t(enabled ? 'form.deactivate' : 'form.enable')}
          </Button>
        );
      }}
    />
  );
}
