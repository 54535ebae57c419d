import { enterprise } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchEnterprise } from '../../../api/crm.ts';
import { PageSpin } from '../../../components/PageSpin.tsx';
import { useTabParam } from '../../../components/useTabParam.ts';
import { useLang } from '../../../i18n/index.ts';
import { usePageTag } from '../../../shell/usePageTag.ts';
import { BusinessTab } from './BusinessTab.tsx';
import { EnterpriseHeader } from './EnterpriseHeader.tsx';
import { EnterpriseTab } from './EnterpriseTab.tsx';
import { ENTERPRISE_TABS } from './tabs.ts';

/** The address parameter holding the open tab, so a reload or a shared link opens the same one. */

interface EnterpriseDetailProps {
  id: string;
  extra?: ReactNode;
  /** The page is a detail page outside the menus: it names its tab after the enterprise. */
  namesTab?: boolean;
}

/** One enterprise: its header and the 16 tabs of what belongs to it (spec part 2 /crm/enterprise/detail). */
export function EnterpriseDetail({ id, extra, namesTab = false }: EnterpriseDetailProps) {
  const { t } = useTranslation('crm');
  const lang = useLang();
  const row = useQuery({
    queryKey: ['crud', enterprise.key, 'detail', id],
    queryFn: () => fetchEnterprise(id),
    enabled: id !== '',
  });
  const name = String(row.data?.enterpriseName ?? '');
  const kind = t('detailTitle');
  usePageTag(namesTab ? (name ? t('detailTagNamed', { kind, name }) : kind) : undefined);
  const [active, openTab] = useTabParam(ENTERPRISE_TABS.map((tab) => tab.key));

  const missing = <Result status="404" title={t('noEnterprise')} extra={extra} />;
  if (id === '') return missing;
  if (row.isPending) return <PageSpin />;
  if (row.isError) return missing;
  return (
    <Flex vertical gap={12}>
      <EnterpriseHeader row={row.data} extra={extra} />
      <Card>
        <Tabs
          activeKey={active}
          destroyOnHidden
          onChange={openTab}
          items={ENTERPRISE_TABS.map((tab) => ({
            key: tab.key,
            label: tab.entity.label[lang],
            children: tab.single ? (
              <BusinessTab tab={tab} enterpriseId={id} />
            ) : (
              <EnterpriseTab tab={tab} enterpriseId={id} />
            ),
          }))}
        />
      </Card>
    </Flex>
  );
}
