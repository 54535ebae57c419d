import { ArrowLeftOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { wfForm } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../../../../api/errors.ts';
import {
  type FormVersion,
  fetchForm,
  fetchFormVersions,
  setFormMainVersion,
} from '../../../../../../api/workflow-form.ts';
import { FormRenderer } from '../../../../../../components/form-renderer/FormRenderer.tsx';
import { PageSpin } from '../../../../../../components/PageSpin.tsx';
import { usePageTag } from '../../../../../../shell/usePageTag.ts';
import { usePermission } from '../../../../../../stores/session.ts';
import { useConfirmed } from '../../../../../system/shared/useConfirmedAction.ts';
import { schemaOf } from '../../schemaOf.ts';

const LIST_PATH = '/workflow/design/form';

/**
 * /workflow/design/form/history/:id: every saved version of a form (version, time, who, the main one marked), the
 * picked version drawn by the renderer as it would be filled in (not fillable here), and 设为主版本 after a
 * confirmation; back to 表单设计.
 */
export default function FormHistoryPage() {
  const { t } = useTranslation(['forms', 'common']);
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const maySetMain = usePermission('wf_form_history');
  const form = useQuery({ queryKey: ['crud', wfForm.key, 'history-of', id], queryFn: () => fetchForm(id) });
  const versions = useQuery({
    queryKey: ['crud', wfForm.key, 'history-of', id, 'versions'],
    queryFn: () => fetchFormVersions(id),
  });
  const [pickedId, setPickedId] = useState<string>();
  usePageTag(form.data ? t('history.title', { name: form.data.name }) : t('history.tagPlain'));

  const rows = versions.data ?? [];
  // The main version until another is picked.
  const picked = rows.find((row) => row.id === pickedId) ?? rows.find((row) => row.main) ?? rows[0];
  const schema = useMemo(() => (picked ? schemaOf(picked.content).schema : undefined), [picked]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      {t('history.back')}
    </Button>
  );
  if (form.isPending || versions.isPending) return <PageSpin />;
  if (form.isError || versions.isError) {
    const failure = (form.error ?? versions.error) as Error;
    const code = failure instanceof ApiError ? failure.code : 0;
    return (
      <Result
        status={code === 403 ? '403' : code === 404 ? '404' : 'error'}
        title={t('history.unavailable')}
        subTitle={failure.message}
        extra={back}
      />
    );
  }

  const setMain = (row: FormVersion) =>
    confirmed(
      t('history.setMainQuestion', { version: row.version }),
      async () => {
        await setFormMainVersion(row.id);
        // The versions' main mark here, and the list's version column.
        await queryClient.invalidateQueries({ queryKey: ['crud', wfForm.key] });
      },
      t('history.setMainDone', { version: row.version }),
    );

  return (
    <Card
      title={t('history.title', { name: `${form.data.name} (${form.data.formKey})` })}
      extra={back}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={10}>
          <Table<FormVersion>
            rowKey="id"
            size="small"
            bordered
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('history.noVersions') }}
            rowClassName={(row) => (row.id === picked?.id ? 'ant-table-row-selected' : '')}
            onRow={(row) => ({
              style: { cursor: 'pointer' },
              onClick: (event) => {
                if (!(event.target as HTMLElement).closest('button')) setPickedId(row.id);
              },
            })}
            columns={[
              {
                key: 'version',
                title: t('history.version'),
                render: (_, row) => (
                  <Button
                    type="link"
                    size="small"
                    aria-pressed={row.id === picked?.id}
                    onClick={() => setPickedId(row.id)}
                  >
                    {t('history.versionN', { version: row.version })}
                  </Button>
                ),
              },
              { key: 'createTime', dataIndex: 'createTime', title: t('history.createTime') },
              {
                key: 'createUser',
                title: t('history.createUser'),
                render: (_, row) => row.createUserName ?? row.createUser ?? '',
              },
              {
                key: 'main',
                title: t('history.main'),
                render: (_, row) =>
                  row.main ? (
                    <Tag color="success" icon={<CheckCircleOutlined />}>
                      {t('history.main')}
                    </Tag>
                  ) : (
                    maySetMain && (
                      <Button size="small" onClick={() => setMain(row)}>
                        {t('history.setMain')}
                      </Button>
                    )
                  ),
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={14}>
          {picked && schema ? (
            <section aria-labelledby="form-version-preview">
              <Typography.Title level={5} id="form-version-preview" style={{ marginTop: 0 }}>
                {t('history.preview', { version: picked.version })}
              </Typography.Title>
              <FormRenderer key={picked.id} schema={schema} disabled name="versionPreview" />
            </section>
          ) : (
            <Empty description={t(rows.length ? 'history.pick' : 'history.noVersions')} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
