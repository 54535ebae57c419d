import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { code } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyCode, generateCode } from '../../../api/resource.ts';
import { fetchDatasources } from '../../../api/system.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { toast } from '../../../feedback.ts';
import { saveBlob } from '../../../utils/download.ts';
import { requireSelection } from '../../system/shared/requireSelection.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';

/**
 * /develop/code: code-generator configurations. 生成 downloads a zip of this project's catalog
 * entity, web view and menu entry for each picked configuration's table; 复制 adds a copy.
 * An empty data source means the console's own database.
 */
export default function CodePage() {
  const { t } = useTranslation('resource');
  const canGenerate = usePermission('code_gen');
  const canCopy = usePermission('code_copy');
  const confirmed = useConfirmed();
  const sources = useQuery({ queryKey: ['crud', 'datasource', 'select'], queryFn: fetchDatasources });
  const [generating, setGenerating] = useState(false);
  const sourceOptions = (sources.data ?? []).map((s) => ({ value: s.id, label: String(s.name) }));
  const sourceName = (id: unknown) =>
    id ? (sourceOptions.find((o) => o.value === id)?.label ?? String(id)) : t('code.ownDatabase');

  const generate = (ids: string[]) =>
    requireSelection(ids, async () => {
      setGenerating(true);
      try {
        const { blob, name } = await generateCode(ids);
        saveBlob(blob, name ?? 'code.zip');
        toast.success(t('code.generated'));
      } catch {
        // Already shown by the HTTP client (表不存在 and the like).
      } finally {
        setGenerating(false);
      }
    });

  /** A path field's input, showing what its value looks like. */
  const example =
    (key: 'code.packageExample' | 'code.apiExample' | 'code.webExample') =>
    ({ readOnly }: { readOnly: boolean }) => <Input placeholder={readOnly ? undefined : t(key)} />;

  return (
    <CrudPage
      entity={code}
      defaults={{ pkName: 'id' }}
      columns={[{ key: 'datasourceId', dataIndex: 'datasourceId', render: sourceName }]}
      inputs={{
        datasourceId: ({ readOnly }) => (
          <DatasourceSelect options={sourceOptions} placeholder={t('code.ownDatabase')} disabled={readOnly} />
        ),
        packageName: example('code.packageExample'),
        apiPath: example('code.apiExample'),
        webPath: example('code.webExample'),
      }}
      toolbar={({ selected }) =>
        canGenerate && (
          <Button icon={<DownloadOutlined />} loading={generating} onClick={() => generate(selected)}>
            {t('code.generate')}
          </Button>
        )
      }
      rowActions={(row, { reload }) => (
        <>
          {canCopy && (
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() =>
                confirmed(
                  t('code.confirmCopy'),
                  async () => {
                    await copyCode(row.id);
                    reload();
                  },
                  t('code.copied'),
                )
              }
            >
              {t('code.copy')}
            </Button>
          )}
          {canGenerate && (
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => generate([row.id])}>
              {t('code.generate')}
            </Button>
          )}
        </>
      )}
    />
  );
}

/** The data-source pick; clearing it sends null (the console's own database) rather than leaving the stored one. */
function DatasourceSelect({ onChange, ...props }: SelectProps<string | null>) {
  return <Select allowClear {...props} onChange={(value, option) => onChange?.(value ?? null, option)} />;
}
