import { ArrowLeftOutlined } from '@ant-design/icons';
import { type EntityDef, enterprise } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Table, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { type AttachmentOwner, fetchChildRows, fetchEnterprise } from '../../../api/crm.ts';
import { fetchDetail, type Row } from '../../../api/crud.ts';
import { ApiError } from '../../../api/errors.ts';
import { PageSpin } from '../../../components/PageSpin.tsx';
import { fieldColumn, renderCell } from '../../../crud/columns.tsx';
import { type Lang, useLang } from '../../../i18n/index.ts';
import { usePageTag } from '../../../shell/usePageTag.ts';
import { useIsCompany } from '../../../stores/session.ts';
import { detailPath, MY_ENTERPRISE_DETAIL } from '../enterprise/detailPath.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { ENTERPRISE_ID } from './scoped.ts';
import { type ChildList, tabOf } from './tabs.ts';

/**
 * A row of an enterprise tab on a page of its own (spec part 2 `<tab>/detail/:params`, the
 * parameter being the row's id): its fields read-only, its attachments to download, and the rows
 * under it (a project's history, a platform's assets). What the server refuses (another
 * enterprise's row for a company account) is said on the page.
 */
export function RowDetail({ tabKey }: { tabKey: string }) {
  const tab = tabOf(tabKey);
  const { t } = useTranslation('crm');
  const lang = useLang();
  const navigate = useNavigate();
  const company = useIsCompany();
  const id = useParams().params ?? '';
  const { entity } = tab;
  const row = useQuery({ queryKey: ['crud', entity.key, 'detail', id], queryFn: () => fetchDetail(entity, id) });
  const enterpriseId = row.data ? String(row.data[ENTERPRISE_ID] ?? '') : '';
  const owner = useQuery({
    queryKey: ['crud', enterprise.key, 'detail', enterpriseId],
    queryFn: () => fetchEnterprise(enterpriseId),
    enabled: enterpriseId !== '',
  });

  const name = row.data ? String(row.data[tab.detail?.nameField ?? ''] ?? '') : '';
  usePageTag(
    name ? t('detailTagNamed', { kind: entity.label[lang], name }) : t('detailTag', { kind: entity.label[lang] }),
  );

  // Back to the tab the row came from: the company's own enterprise, or the one the row belongs to.
  const back = (
    <Button
      icon={<ArrowLeftOutlined />}
      onClick={() =>
        navigate(
          company
            ? `${MY_ENTERPRISE_DETAIL}?tab=${tab.key}`
            : enterpriseId
              ? detailPath(enterpriseId, tab.key)
              : entity.route,
        )
      }
    >
      {t('backToEnterprise')}
    </Button>
  );

  if (row.isPending) return <PageSpin />;
  if (row.isError) {
    const code = row.error instanceof ApiError ? row.error.code : 0;
    return (
      <Result
        status={code === 403 ? '403' : code === 404 ? '404' : 'error'}
        title={t('rowUnavailable', { kind: entity.label[lang] })}
        subTitle={row.error.message}
        extra={back}
      />
    );
  }

  const fields = entity.fields.filter((field) => field.name !== ENTERPRISE_ID);
  return (
    <Flex vertical gap={12}>
      <Card>
        <Descriptions
          title={name}
          extra={back}
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: ENTERPRISE_ID, label: enterprise.label[lang], children: String(owner.data?.enterpriseName ?? '') },
            ...fields.map((field) => ({
              key: field.name,
              label: field.label[lang],
              span: field.type === 'text' ? ('filled' as const) : 1,
              children: renderCell(field, row.data[field.name], row.data),
            })),
          ]}
        />
      </Card>
      {tab.attachments && (
        <Card title={t('attachments')} size="small">
          <AttachmentList owner={{ entity, param: tab.attachments.param, id } satisfies AttachmentOwner} />
        </Card>
      )}
      {tab.child && <ChildRows child={tab.child} parentId={id} />}
    </Flex>
  );
}

/** The rows under the row, read-only, every field but the enterprise and the parent. */
function ChildRows({ child, parentId }: { child: ChildList; parentId: string }) {
  const lang = useLang();
  const rows = useQuery({
    queryKey: ['crud', child.entity.key, 'of', parentId],
    queryFn: () => (child.list ? child.list(parentId) : fetchChildRows(child.entity, child.field, parentId)),
  });
  return (
    <Card title={child.entity.label[lang]} size="small">
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        loading={rows.isFetching}
        dataSource={rows.data}
        scroll={{ x: 'max-content' }}
        columns={readOnlyColumns(child.entity, [ENTERPRISE_ID, child.field], lang)}
      />
    </Card>
  );
}

/** A column per field, long texts included, leaving out the ones the page already says. */
function readOnlyColumns(entity: EntityDef, omit: string[], lang: Lang): TableColumnType<Row>[] {
  return (
    entity.fields
      .filter((field) => !omit.includes(field.name))
      // Sized as the lists size them; this table does not sort.
      .map((field) => ({ ...fieldColumn(field, lang), sorter: undefined }))
  );
}
