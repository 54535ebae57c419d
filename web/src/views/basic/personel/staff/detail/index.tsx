import { ArrowLeftOutlined } from '@ant-design/icons';
import { type EntityDef, staff, staffAssessment, staffSubsidy } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchDetail } from '../../../../../api/crud.ts';
import { PageSpin } from '../../../../../components/PageSpin.tsx';
import { useTabParam } from '../../../../../components/useTabParam.ts';
import CrudPage from '../../../../../crud/CrudPage.tsx';
import { renderCell } from '../../../../../crud/columns.tsx';
import { useLang } from '../../../../../i18n/index.ts';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { fixedFields } from '../../../../crm/shared/scoped.ts';

/** The tabs, keyed as the spec names the child routes (part 2), each the generic list of the person's rows. */
const TABS: { key: string; entity: EntityDef }[] = [
  { key: 'staff-assessment', entity: fixedFields(staffAssessment, ['staffId']) },
  { key: 'staff-subsidy', entity: fixedFields(staffSubsidy, ['staffId']) },
];
/** What the description list shows: every field of the person but the name (its title) and the record's own. */
const SHOWN = staff.fields.filter((field) => !['staffName', 'remark', 'createTime'].includes(field.name));

/** /basic/personel/staff/detail?id=: one person of the park, with their assessments and subsidies. */
export default function StaffDetailPage() {
  const { t } = useTranslation('personnel');
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const row = useQuery({
    queryKey: ['crud', staff.key, 'detail', id],
    queryFn: () => fetchDetail(staff, id),
    enabled: id !== '',
  });
  const name = String(row.data?.staffName ?? '');
  const kind = t('detailTitle');
  usePageTag(name ? t('detailTagNamed', { kind, name }) : kind);
  const [active, openTab] = useTabParam(TABS.map((tab) => tab.key));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(staff.route)}>
      {t('backToList')}
    </Button>
  );
  if (id !== '' && row.isPending) return <PageSpin />;
  if (id === '' || row.isError || !row.data) return <Result status="404" title={t('noStaff')} extra={back} />;
  const person = row.data;
  return (
    <Flex vertical gap={12}>
      <Card>
        <Descriptions
          title={name}
          extra={back}
          // Bordered, each label is a th beside its value: a screen reader reads the value with its label.
          bordered
          size="small"
          column={{ xs: 1, md: 3 }}
          items={SHOWN.map((field) => ({
            key: field.name,
            label: field.label[lang],
            children: renderCell(field, person[field.name], person) as ReactNode,
          }))}
        />
      </Card>
      <Card>
        <Tabs
          activeKey={active}
          destroyOnHidden
          onChange={openTab}
          items={TABS.map((tab) => ({
            key: tab.key,
            label: tab.entity.label[lang],
            children: (
              <CrudPage
                entity={tab.entity}
                searchName={tab.entity.key}
                baseFilters={{ staffId: id }}
                defaults={{ staffId: id }}
              />
            ),
          }))}
        />
      </Card>
    </Flex>
  );
}
