import { useTranslation } from 'react-i18next';
import { categoryTreeQuery } from '../../../../api/workflow-design.ts';
import { ChangeCategoryModal as CategoryModal } from '../../../../components/ChangeCategoryModal.tsx';

/** 变更分类 into one process category: the models', deployments' and forms' lists. */
export function ChangeCategoryModal({
  ids,
  ...props
}: {
  ids: string[];
  change: (ids: string[], categoryId: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('workflow');
  return (
    <CategoryModal
      ids={ids}
      tree={categoryTreeQuery}
      texts={{
        title: t('category.title', { count: ids.length }),
        label: t('category.label'),
        required: t('category.required'),
        changed: t('category.changed'),
      }}
      {...props}
    />
  );
}
