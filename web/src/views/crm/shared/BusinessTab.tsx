import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { businessInfo } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBusinessInfo } from '../../../api/crm.ts';
import { RecordModal, type RecordMode } from '../../../crud/RecordModal.tsx';
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { formFieldsOf } from '../../../crud/values.ts';
import { useLang } from '../../../i18n/index.ts';
import { EnterpriseTab } from './EnterpriseTab.tsx';
import { ENTERPRISE_ID, fixedFields } from './scoped.ts';
import type { EnterpriseTabDef } from './tabs.ts';

const entity = fixedFields(businessInfo, [ENTERPRISE_ID]);

/** The business tab: the enterprise's one business-info row (detail by enterpriseId), edited in the record form, and the list below it. */
export function BusinessTab({ tab, enterpriseId }: { tab: EnterpriseTabDef; enterpriseId: string }) {
  const { t } = useTranslation('crm');
  const lang = useLang();
  const can = useCrudPermissions(entity.key);
  const queryClient = useQueryClient();
  const [record, setRecord] = useState<RecordMode | null>(null);
  const info = useQuery({
    queryKey: ['crud', entity.key, 'enterprise', enterpriseId],
    queryFn: () => fetchBusinessInfo(enterpriseId),
  });
  const row = info.data;
  const action = row
    ? can.edit && (
        <Button icon={<EditOutlined />} onClick={() => setRecord({ mode: 'edit', id: row.id })}>
          {t('businessEdit')}
        </Button>
      )
    : can.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecord({ mode: 'add' })}>
          {t('businessAdd')}
        </Button>
      );

  return (
    <Flex vertical gap={12}>
      <Card title={entity.label[lang]} extra={action}>
        {info.isPending ? (
          <Spin />
        ) : row ? (
          <Descriptions
            bordered
            size="small"
            column={2}
            items={formFieldsOf(entity).map((field) => ({
              key: field.name,
              label: field.label[lang],
              span: field.type === 'text' ? 'filled' : 1,
              children: String(row[field.name] ?? ''),
            }))}
          />
        ) : (
          <Empty description={t('businessEmpty')} />
        )}
      </Card>
      {tab.below && <EnterpriseTab tab={{ key: tab.key, entity: tab.below }} enterpriseId={enterpriseId} />}
      {record && (
        <RecordModal
          entity={entity}
          record={record}
          defaults={{ [ENTERPRISE_ID]: enterpriseId }}
          onClose={() => setRecord(null)}
          onSaved={() => {
            setRecord(null);
            void queryClient.invalidateQueries({ queryKey: ['crud', entity.key] });
          }}
        />
      )}
    </Flex>
  );
}
