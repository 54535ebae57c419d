import { ArrowLeftOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../../../../api/errors.ts';
import {
  fetchModel,
  fetchModelVersions,
  type ModelVersion,
  setModelMainVersion,
} from '../../../../../../api/workflow-design.ts';
import { BpmnViewer } from '../../../../../../components/bpmn/BpmnViewer.tsx';
import { PageSpin } from '../../../../../../components/PageSpin.tsx';
import { usePageTag } from '../../../../../../shell/usePageTag.ts';
import { usePermission } from '../../../../../../stores/session.ts';
import { useConfirmed } from '../../../../../system/shared/useConfirmedAction.ts';
import { MODEL_LIST_PATH } from '../../paths.ts';

/**
 * /workflow/design/model/history/:id: every saved version of a model (version, time, who, the main one marked),
 * the picked version's diagram, and 设为主版本 after a confirmation; back to 模型设计.
 */
export default function ModelHistoryPage() {
  const { t } = useTranslation(['workflow', 'common']);
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const maySetMain = usePermission('wf_model_history');
  const model = useQuery({ queryKey: ['workflow', 'model', id], queryFn: () => fetchModel(id) });
  const versions = useQuery({
    queryKey: ['workflow', 'model', id, 'versions'],
    queryFn: () => fetchModelVersions(id),
  });
  const [pickedId, setPickedId] = useState<string>();
  usePageTag(model.data ? t('history.tag', { name: model.data.name }) : t('history.tagPlain'));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MODEL_LIST_PATH)}>
      {t('history.back')}
    </Button>
  );
  if (model.isPending || versions.isPending) return <PageSpin />;
  if (model.isError || versions.isError) {
    const failure = (model.error ?? versions.error) as Error;
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

  const rows = versions.data;
  // The main version until another is picked.
  const picked = rows.find((row) => row.id === pickedId) ?? rows.find((row) => row.main) ?? rows[0];
  const setMain = (row: ModelVersion) =>
    confirmed(
      t('history.setMainQuestion', { version: row.version }),
      async () => {
        await setModelMainVersion(row.id);
        await queryClient.invalidateQueries({ queryKey: ['workflow', 'model', id] });
        await queryClient.invalidateQueries({ queryKey: ['crud'] });
      },
      t('history.mainSet'),
    );

  return (
    <Card
      title={t('history.title', { name: model.data.name, key: model.data.modelKey })}
      extra={back}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Table<ModelVersion>
            rowKey="id"
            size="small"
            bordered
            pagination={false}
            dataSource={rows}
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
                    onClick={() => setPickedId(row.id)}
                    aria-pressed={row.id === picked?.id}
                  >
                    {t('model.versionTag', { version: row.version })}
                  </Button>
                ),
              },
              { key: 'createTime', dataIndex: 'createTime', title: t('history.time') },
              {
                key: 'createUser',
                title: t('history.user'),
                render: (_, row) => row.createUserName ?? row.createUser ?? '',
              },
              {
                key: 'main',
                title: t('history.main'),
                render: (_, row) =>
                  row.main ? (
                    <Tag color="success" icon={<CheckCircleOutlined />}>
                      {t('history.mainTag')}
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
          {picked ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('history.diagramOf', { version: picked.version })}
              </Typography.Title>
              <BpmnViewer xml={picked.xml} height={520} />
            </>
          ) : (
            <Empty description={t('history.none')} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
