import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModelRow, searchModels } from '../../../../api/workflow-design.ts';
import { ModelScopeEditor, useMayEditScope } from '../model/ModelScopeEditor.tsx';

/**
 * /workflow/design/model-scope (模型范围): a model picked by its name, and who may start it, edited as in the
 * model list's 范围 dialog (the same editor).
 */
export default function ModelScopePage() {
  const { t } = useTranslation('workflow');
  const mayEdit = useMayEditScope();
  const [search, setSearch] = useState('');
  const typed = useDeferredValue(search.trim());
  const [model, setModel] = useState<ModelRow>();
  const models = useQuery({
    queryKey: ['workflow', 'model', 'search', typed],
    queryFn: () => searchModels(typed),
    placeholderData: keepPreviousData,
  });
  const options = (models.data?.records ?? []).map((row) => ({
    value: row.id,
    label: `${row.name} (${row.modelKey})`,
    row,
  }));
  if (model && !options.some((option) => option.value === model.id)) {
    options.unshift({ value: model.id, label: `${model.name} (${model.modelKey})`, row: model });
  }

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={8} align="center" wrap>
          <label htmlFor="scopeModel">{t('scopePage.model')}</label>
          <Select
            id="scopeModel"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={models.isFetching}
            placeholder={t('scopePage.modelPlaceholder')}
            style={{ width: 360 }}
            value={model?.id}
            options={options}
            notFoundContent={models.isFetching ? undefined : t('scopePage.noModels')}
            onChange={(_, option) => {
              setModel(Array.isArray(option) ? undefined : option?.row);
              setSearch('');
            }}
          />
        </Flex>
        {model ? (
          <>
            <Typography.Text type="secondary">{t('scopePage.hint')}</Typography.Text>
            <ModelScopeEditor modelId={model.id} readOnly={!mayEdit} />
          </>
        ) : (
          <Empty description={t('scopePage.pickFirst')} />
        )}
      </Flex>
    </Card>
  );
}
