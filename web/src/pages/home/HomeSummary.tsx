import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchHomeSummary, type SummaryItem } from '../../api/home.ts';
import type { home } from '../../i18n/zh/home.ts';
import { useMenuNavigation } from '../../shell/menuNavigation.ts';

/** The summary's query, shared with the welcome card (the role names come with it). */
export const summaryQuery = { queryKey: ['home-summary'], queryFn: fetchHomeSummary };

type ItemKey = keyof typeof home.items;

const figure = (value: number, decimals: number) =>
  value.toLocaleString(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** One number as a card that opens the screen listing what it counts. */
function ItemCard({ item }: { item: SummaryItem }) {
  const { t } = useTranslation('home');
  const { open } = useMenuNavigation();
  const title = t(`items.${item.key as ItemKey}`);
  return (
    <Col xs={12} md={8} xl={6}>
      <a
        href={item.path}
        data-key={item.key}
        onClick={(event) => {
          event.preventDefault();
          open(item.path);
        }}
      >
        <Card hoverable size="small">
          {/* A title and a number: antd's Statistic would add its own chunk to the home page's first paint. */}
          <Typography.Text type="secondary">{title}</Typography.Text>
          <div style={{ fontSize: 24, lineHeight: 1.4 }}>
            {figure(item.value, item.unit === 'yuan' ? 2 : item.unit === 'percent' ? 1 : 0)}
            {item.unit === 'yuan' ? ` ${t('yuan')}` : item.unit === 'percent' ? '%' : ''}
          </div>
        </Card>
      </a>
    </Col>
  );
}

/**
 * The work waiting for the caller (a card only where something waits) and the day's figures, the park's for an
 * operator or its own enterprise's for a company account, each opening its screen. The server leaves out what the
 * caller's menus do not open.
 */
export function HomeSummary() {
  const { t } = useTranslation('home');
  const summary = useQuery(summaryQuery);
  if (summary.isPending) return <Skeleton active paragraph={{ rows: 2 }} style={{ marginTop: 16 }} />;
  if (summary.isError) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginTop: 16 }}
        message={t('summaryFailed')}
        action={<Button onClick={() => summary.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const { work, figures, company } = summary.data;
  const section = (title: string, items: SummaryItem[]) =>
    items.length > 0 && (
      <Card title={title} style={{ marginTop: 16 }}>
        <section aria-label={title}>
          <Row gutter={[12, 12]}>
            {items.map((item) => (
              <ItemCard key={item.key} item={item} />
            ))}
          </Row>
        </section>
      </Card>
    );
  return (
    <>
      {section(t('work'), work)}
      {section(company ? t('ownFigures') : t('figures'), figures)}
    </>
  );
}
