import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Statistic, Table, Tag, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type DeskMatter, fetchTodoList, fetchTodoStatistics, type TodoStatistics } from '../../../api/desk.ts';
import { renderCell } from '../../../crud/columns.tsx';
import { DESK_MATTERS, matterField, matterPath } from './matters.ts';

const PRIORITY = matterField('priority');
const STATUS = matterField('matterStatus');

/** The statistic cards, in order; overdue in the warning colour. */
const COUNTS: (keyof TodoStatistics)[] = ['todo', 'doing', 'overdue', 'doneThisMonth', 'total'];

/**
 * /desk/teamproject (工作台 › 项目待办): the caller's own team-project matters, counted (todoStatistics)
 * and the open ones listed oldest due first (todoList), each opening its detail to complete it.
 */
export default function TeamProjectDesk() {
  const { t } = useTranslation('desk');
  const { token } = theme.useToken();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const stats = useQuery({ queryKey: [...DESK_MATTERS, 'statistics'], queryFn: fetchTodoStatistics });
  const list = useQuery({
    queryKey: [...DESK_MATTERS, 'todo', paging],
    queryFn: () => fetchTodoList(paging.current, paging.size),
    placeholderData: keepPreviousData,
  });

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {COUNTS.map((key) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <section aria-label={t(key)}>
              <Card size="small">
                <Statistic
                  title={t(key)}
                  value={stats.data?.[key] ?? 0}
                  loading={stats.isPending}
                  styles={
                    key === 'overdue' && stats.data?.overdue ? { content: { color: token.colorError } } : undefined
                  }
                />
              </Card>
            </section>
          </Col>
        ))}
      </Row>
      <Card title={t('myMatters')}>
        <Table<DeskMatter>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.records}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMatters')} /> }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 30, 50, 100, 200],
            onChange: (current, size) => setPaging({ current: size === paging.size ? current : 1, size }),
          }}
          columns={[
            {
              key: 'matterTitle',
              title: t('matterTitle'),
              render: (_, row) => <Link to={matterPath(row.id)}>{row.matterTitle}</Link>,
            },
            { key: 'projectName', dataIndex: 'projectName', title: t('project') },
            { key: 'priority', title: t('priority'), render: (_, row) => renderCell(PRIORITY, row.priority) },
            {
              key: 'dueDate',
              title: t('dueDate'),
              render: (_, row) => (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {row.dueDate}
                  {row.overdue && (
                    <Tag color="error" style={{ marginInlineStart: 8 }}>
                      {t('overdue')}
                    </Tag>
                  )}
                </span>
              ),
            },
            { key: 'matterStatus', title: t('status'), render: (_, row) => renderCell(STATUS, row.matterStatus) },
          ]}
        />
      </Card>
    </Flex>
  );
}
