import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Pagination, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTextAnswers, statsKey } from './api.ts';

const SIZE = 5;

/**
 * One question's free-text answers (a text question's, or a choice's "other" texts), newest first, a page at a
 * time from the server (survey/answers), narrowed by the screen's cross-filter; who answered, unless anonymous.
 */
export function TextAnswers({ surveyId, field, filter }: { surveyId: string; field: string; filter: string }) {
  const { t } = useTranslation('questionnaire');
  const { token } = theme.useToken();
  const [page, setPage] = useState({ field, filter, current: 1 });
  // Another question or filter starts again at its first page.
  const current = page.field === field && page.filter === filter ? page.current : 1;
  const answers = useQuery({
    queryKey: statsKey(surveyId, 'answers', field, filter, current),
    queryFn: () => fetchTextAnswers({ id: surveyId, field, current, size: SIZE, filter: filter || undefined }),
    placeholderData: keepPreviousData,
  });
  if (answers.isError) return <Alert type="error" showIcon title={t('stats.text.failed')} />;
  const data = answers.data;
  if (!data) return <Spin size="small" />;
  if (data.total === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stats.text.empty')} />;
  }
  return (
    <Spin spinning={answers.isFetching} size="small">
      <ul
        aria-label={t('stats.text.title')}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        {data.records.map((answer, i) => (
          <li
            key={answer.id}
            style={{
              padding: '8px 12px',
              borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined,
            }}
          >
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 2 }}>
              {answer.value}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {[answer.respondentName ?? t('stats.text.anonymous'), answer.enterpriseName, answer.submitTime]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </li>
        ))}
      </ul>
      {data.total > SIZE && (
        <Flex justify="end" className="wf-no-print" style={{ marginTop: 8 }}>
          <Pagination
            size="small"
            current={current}
            pageSize={SIZE}
            total={data.total}
            showSizeChanger={false}
            showTotal={(total) => t('stats.text.total', { total })}
            onChange={(n) => setPage({ field, filter, current: n })}
          />
        </Flex>
      )}
    </Spin>
  );
}
