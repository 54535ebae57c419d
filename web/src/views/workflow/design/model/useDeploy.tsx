import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors.ts';
import { deployModel } from '../../../../api/workflow-design.ts';
import { toast } from '../../../../feedback.ts';
import { refusalReasons } from './refusal.ts';

/**
 * 部署: asks first, deploys the model's main version and names the new version; a refusal lists every
 * reason the server gave in a dialog of its own.
 */
export function useDeploy() {
  const { t } = useTranslation(['workflow', 'common']);
  const { modal } = App.useApp();
  return (model: { id: string; name: string }, done: () => void) =>
    modal.confirm({
      title: t('deploy.title'),
      content: t('deploy.question', { name: model.name }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          const deployment = await deployModel(model.id);
          toast.success(t('deploy.done', { version: deployment.version }));
          done();
        } catch (error) {
          if (error instanceof ApiError && error.code === 400) {
            modal.error({
              title: t('deploy.refused', { name: model.name }),
              width: 560,
              okText: t('common:close'),
              content: (
                <ul style={{ paddingInlineStart: 20, margin: 0 }} aria-label={t('deploy.reasons')}>
                  {refusalReasons(error.message).map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ),
            });
          }
        }
      },
    });
}
