import { type FieldDef, policy } from '@park/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { analysePush, type MatchedEnterprise, pickPushEnterprises } from '../../../api/policy.ts';
import { EnterpriseSelector } from '../../../components/pickers/EnterpriseSelector.tsx';
import { renderCell } from '../../../crud/columns.tsx';
import { toast } from '../../../feedback.ts';

const fieldOf = (name: string) => policy.fields.find((f) => f.name === name) as FieldDef;
const SCALE = fieldOf('enterpriseScale');

interface AnalysePushModalProps {
  push: Row;
  onClose: () => void;
  onSent: () => void;
}

/**
 * 分析推送: the enterprises of the park the push's policy fits (analysisPush with preview), which of them
 * it has reached already, and 确认推送, which sends it to the others' company accounts. The server sends
 * no enterprise twice, so confirming again (or from another tab) reaches only those not yet reached.
 */
export function AnalysePushModal({ push, onClose, onSent }: AnalysePushModalProps) {
  const { t } = useTranslation(['policy', 'common', 'crud']);
  const analysis = useQuery({
    queryKey: ['crud', 'policy_push', 'analysis', push.id],
    queryFn: () => analysePush(push.id, true),
    retry: false,
    gcTime: 0,
  });
  const send = useMutation({
    mutationFn: () => analysePush(push.id, false),
    onSuccess: (answer) => {
      toast.success(answer.msg);
      onSent();
    },
  });

  const queryClient = useQueryClient();
  // The operator's choice, kept on the push by the server; the analysis it answers replaces the shown one.
  const pick = useMutation({
    mutationFn: ({ added, removed }: { added: string[]; removed: string[] }) =>
      pickPushEnterprises(push.id, added, removed),
    onSuccess: (answer) =>
      queryClient.setQueryData(['crud', 'policy_push', 'analysis', push.id], { data: answer, msg: '' }),
  });
  const result = analysis.data?.data;
  const enterprises = result?.enterprises ?? [];
  const removedRows = result?.removed ?? [];
  const addedIds = enterprises.filter((e) => e.source === 'added').map((e) => e.id);
  const removedIds = removedRows.map((e) => e.id);
  const choose = (added: string[], removed: string[]) => pick.mutate({ added, removed });
  const fresh = enterprises.filter((e) => !e.pushed).length;
  const title = t('analyseTitle', { title: result?.policyTitle ?? push.policyTitle ?? '' });

  return (
    <Modal
      open
      width={880}
      title={title}
      okText={t('confirmPush')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !result || fresh === 0 }}
      confirmLoading={send.isPending}
      onOk={() => send.mutate()}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {analysis.isError && <Alert type="error" showIcon title={analysis.error.message} />}
        {result && (
          <Alert
            type={enterprises.length === 0 ? 'warning' : fresh === 0 ? 'success' : 'info'}
            showIcon
            title={
              enterprises.length === 0
                ? t('nobody')
                : fresh === 0
                  ? t('allPushed')
                  : t('summary', { total: enterprises.length, fresh })
            }
          />
        )}
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('addByHand')}</Typography.Text>
          <div style={{ minWidth: 320 }}>
            <EnterpriseSelector
              multiple
              id="push-add-enterprises"
              placeholder={t('addByHandPlaceholder')}
              disabled={!result || pick.isPending}
              value={addedIds.join(',')}
              onChange={(value) =>
                choose(
                  String(value ?? '')
                    .split(',')
                    .filter(Boolean),
                  removedIds,
                )
              }
            />
          </div>
        </Flex>
        <Table<MatchedEnterprise>
          rowKey="id"
          size="small"
          bordered
          loading={analysis.isFetching}
          dataSource={enterprises}
          pagination={enterprises.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            { key: 'enterpriseName', dataIndex: 'enterpriseName', title: t('enterpriseName') },
            // The industry's name comes with each enterprise (a node of the 行业分类 tree).
            { key: 'industry', dataIndex: 'industryName', title: t('industry') },
            {
              key: 'scale',
              dataIndex: 'scale',
              title: t('scale'),
              render: (value: number | null) => renderCell(SCALE, value),
            },
            {
              key: 'tags',
              dataIndex: 'tags',
              title: t('tags'),
              render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
            },
            {
              key: 'accounts',
              dataIndex: 'accounts',
              title: t('accounts'),
              // How many accounts the message reaches, said as such (a bare "1" read as an account's name).
              render: (n: number) =>
                n > 0 ? t('accountCount', { count: n }) : <Tag color="warning">{t('noAccount')}</Tag>,
            },
            {
              key: 'state',
              dataIndex: 'pushed',
              title: t('state'),
              render: (pushed: boolean, row) => (
                <>
                  {pushed ? <Tag color="success">{t('pushed')}</Tag> : <Tag color="processing">{t('pending')}</Tag>}
                  {row.source === 'added' && <Tag color="purple">{t('addedByHand')}</Tag>}
                </>
              ),
            },
            {
              key: 'pick',
              title: t('crud:actions'),
              render: (_: unknown, row) => (
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={pick.isPending}
                  aria-label={t('leaveOutLabel', { name: row.enterpriseName })}
                  onClick={() =>
                    row.source === 'added'
                      ? choose(
                          addedIds.filter((id) => id !== row.id),
                          removedIds,
                        )
                      : choose(addedIds, [...removedIds, row.id])
                  }
                >
                  {t('leaveOut')}
                </Button>
              ),
            },
          ]}
        />
        {removedRows.length > 0 && (
          <Flex gap={4} wrap align="center" aria-label={t('leftOut')}>
            <Typography.Text type="secondary">{t('leftOut')}</Typography.Text>
            {removedRows.map((row) => (
              <Button
                key={row.id}
                size="small"
                disabled={pick.isPending}
                aria-label={t('restoreLabel', { name: row.enterpriseName })}
                onClick={() =>
                  choose(
                    addedIds,
                    removedIds.filter((id) => id !== row.id),
                  )
                }
              >
                ↺ {row.enterpriseName}
              </Button>
            ))}
          </Flex>
        )}
      </Space>
    </Modal>
  );
}
