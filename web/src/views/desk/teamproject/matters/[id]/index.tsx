import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { MATTER_STATUS } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { completeMatter, fetchMyMatter } from '../../../../../api/desk.ts';
import { ApiError } from '../../../../../api/errors.ts';
import { PageSpin } from '../../../../../components/PageSpin.tsx';
import { renderCell } from '../../../../../crud/columns.tsx';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { usePermission } from '../../../../../stores/session.ts';
import { useConfirmed } from '../../../../system/shared/useConfirmedAction.ts';
import { DESK_MATTERS, MATTERS_LIST, matterField, TEAM_PROJECT_PATH } from '../../matters.ts';

const PRIORITY = matterField('priority');
const STATUS = matterField('matterStatus');

/**
 * /desk/teamproject/matters/:id: one of the caller's matters in detail, with 完成 (after a
 * confirmation) while it is open; done, it leaves the desk's list and the page goes back to it.
 */
export default function MatterDetailPage() {
  const { t } = useTranslation(['desk', 'common']);
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const mayComplete = usePermission('desk_team_project_complete');
  const matter = useQuery({ queryKey: [...DESK_MATTERS, 'detail', id], queryFn: () => fetchMyMatter(id) });
  usePageTag(matter.data ? t('matterTag', { name: matter.data.matterTitle }) : t('matterTagPlain'));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(TEAM_PROJECT_PATH)}>
      {t('back')}
    </Button>
  );
  if (matter.isPending) return <PageSpin />;
  if (matter.isError) {
    const code = matter.error instanceof ApiError ? matter.error.code : 0;
    return (
      <Result
        status={code === 403 ? '403' : code === 404 ? '404' : 'error'}
        title={t('matterUnavailable')}
        subTitle={matter.error.message}
        extra={back}
      />
    );
  }

  const row = matter.data;
  const open = row.matterStatus !== MATTER_STATUS.done;
  const complete = () =>
    confirmed(
      t('completeQuestion', { name: row.matterTitle }),
      async () => {
        await completeMatter(id);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: DESK_MATTERS }),
          queryClient.invalidateQueries({ queryKey: MATTERS_LIST }),
        ]);
        navigate(TEAM_PROJECT_PATH);
      },
      t('completed'),
    );

  return (
    <Card>
      <Descriptions
        title={row.matterTitle}
        extra={
          <Space>
            {back}
            {open && mayComplete && (
              <Button type="primary" icon={<CheckOutlined />} onClick={complete}>
                {t('complete')}
              </Button>
            )}
          </Space>
        }
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'project', label: t('project'), children: row.projectName },
          { key: 'priority', label: t('priority'), children: renderCell(PRIORITY, row.priority) },
          {
            key: 'dueDate',
            label: t('dueDate'),
            children: (
              <>
                {row.dueDate}
                {row.overdue && (
                  <Tag color="error" style={{ marginInlineStart: 8 }}>
                    {t('overdue')}
                  </Tag>
                )}
              </>
            ),
          },
          { key: 'status', label: t('status'), children: renderCell(STATUS, row.matterStatus) },
          { key: 'createTime', label: t('createTime'), children: row.createTime },
          { key: 'finishTime', label: t('finishTime'), children: row.finishTime ?? '' },
          { key: 'content', label: t('content'), span: 'filled', children: row.content ?? '' },
        ]}
      />
    </Card>
  );
}
