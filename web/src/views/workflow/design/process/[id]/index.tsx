import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../../../api/errors.ts';
import { fetchDesignedModel } from '../../../../../api/workflow-model.ts';
import { PageSpin } from '../../../../../components/PageSpin.tsx';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { Designer, MODEL_LIST_PATH, modelQueryKey } from './Designer.tsx';

/**
 * /workflow/design/process/:id: the BPMN designer of model :id, opened from the model list (设计), which
 * grants it (./grantedBy.ts). bpmn-js comes with this screen's chunk only.
 */
export default function ProcessDesignerPage() {
  const { t } = useTranslation('workflowDesigner');
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const model = useQuery({ queryKey: modelQueryKey(id), queryFn: () => fetchDesignedModel(id), gcTime: 0 });
  usePageTag(model.data ? t('tag', { name: model.data.name }) : t('tagPlain'));

  if (model.isPending) return <PageSpin />;
  if (model.isError) {
    const code = model.error instanceof ApiError ? model.error.code : 0;
    return (
      <Result
        status={code === 403 ? '403' : code === 404 ? '404' : 'error'}
        title={t('unavailable')}
        subTitle={model.error.message}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MODEL_LIST_PATH)}>
            {t('toolbar.back')}
          </Button>
        }
      />
    );
  }
  return <Designer model={model.data} />;
}
