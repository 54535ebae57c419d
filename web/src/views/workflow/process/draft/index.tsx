import { EditOutlined } from '@ant-design/icons';
import { wfDraft } from '@park/catalog';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { startPath } from '../../../../components/workflow/paths.ts';
import CrudPage from '../../../../crud/CrudPage.tsx';

/**
 * /workflow/process/draft (草稿箱): the caller's saved start forms (process/draft, the generic list with 查看 and
 * 删除, which asks first), and 继续编辑, which opens the start screen with the draft.
 */
export default function DraftPage() {
  const { t } = useTranslation('workflowRuntime');
  const navigate = useNavigate();
  return (
    <CrudPage
      entity={wfDraft}
      addable={false}
      editable={false}
      rowActions={(row) => {
        const deployment = String(row.processDefinitionId ?? row.deploymentId ?? '');
        return (
          deployment && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => navigate(startPath(deployment, row.id))}
            >
              {t('draft.continue')}
            </Button>
          )
        );
      }}
    />
  );
}
