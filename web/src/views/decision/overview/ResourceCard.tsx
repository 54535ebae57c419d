import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../../crud/useDictionary.ts';
import { formatMoney } from '../../../utils/format.ts';
import { toWan } from './content.ts';
import type { Contract, Product, Resource } from './data.ts';

type Figure = Exclude<keyof Resource, 'contracts'>;

/** Each figure of the resource answer with its unit: money in yuan (rent is paid by the yuan), area in m². */
const FIGURES: [Figure, 'yuan' | 'area' | 'hours' | 'meals' | 'times' | null][] = [
  ['offices', null],
  ['rooms', null],
  ['leasedArea', 'area'],
  ['monthlyRent', 'yuan'],
  ['rentDueThisYear', 'yuan'],
  ['rentPaidThisYear', 'yuan'],
  ['rentOverdue', 'yuan'],
  ['openRepairs', null],
  ['mealsThisMonth', 'meals'],
  ['mealAmountThisMonth', 'yuan'],
  ['spaceBookingsThisMonth', 'times'],
  ['spaceHoursThisMonth', 'hours'],
  ['facilityLeases', null],
  ['facilityMonthlyRent', 'yuan'],
];

/** A failed call's message and a retry, inside a card. */
function Failed({ query, message }: { query: UseQueryResult; message: string }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="error"
      showIcon
      message={message}
      action={
        <Button size="small" onClick={() => query.refetch()}>
          {t('retry')}
        </Button>
      }
    />
  );
}

/**
 * What the enterprise takes of the park (overview/resource): its offices and rooms, area, rent and fees, this
 * month's meals and space bookings, open repairs and leased equipment, and its contracts in effect or to begin.
 */
export function ResourceCard({ query }: { query: UseQueryResult<Resource> }) {
  const { t } = useTranslation('decision', { keyPrefix: 'overview' });
  const { t: common } = useTranslation('common');
  const types = useDictionary('property_contract_type').data;
  const r = query.data;
  const title = t('resource.title');

  const columns = [
    { key: 'contractNo', dataIndex: 'contractNo', title: t('resource.contractNo') },
    {
      key: 'contractType',
      dataIndex: 'contractType',
      title: t('resource.contractType'),
      render: (type: number | null) =>
        type === null ? '--' : (types?.find((d) => d.dictKey === String(type))?.dictValue ?? type),
    },
    { key: 'unitNames', dataIndex: 'unitNames', title: t('resource.unitNames') },
    {
      key: 'leaseArea',
      dataIndex: 'leaseArea',
      title: t('inUnit', { name: t('resource.leaseArea'), unit: t('units.area') }),
      align: 'right' as const,
    },
    {
      key: 'period',
      title: t('resource.period'),
      render: (_: unknown, c: Contract) => `${c.startDate} ~ ${c.endDate}`,
    },
    {
      key: 'monthlyRent',
      dataIndex: 'monthlyRent',
      title: t('inUnit', { name: t('resource.contractRent'), unit: t('units.yuan') }),
      align: 'right' as const,
      render: formatMoney,
    },
    {
      key: 'monthlyFee',
      dataIndex: 'monthlyFee',
      title: t('inUnit', { name: t('resource.contractFee'), unit: t('units.yuan') }),
      align: 'right' as const,
      render: formatMoney,
    },
  ];

  return (
    <Card title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h2>} data-resource-card>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError || !r ? (
        <Failed query={query} message={common('chart.failed')} />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            {FIGURES.map(([key, unit]) => (
              <Col key={key} xs={12} sm={8} lg={6} xxl={4}>
                <div data-figure={key}>
                  <Statistic
                    title={
                      unit
                        ? t('inUnit', { name: t(`resource.${key}`), unit: t(`units.${unit}`) })
                        : t(`resource.${key}`)
                    }
                    value={unit === 'yuan' ? formatMoney(r[key]) : r[key]}
                  />
                </div>
              </Col>
            ))}
          </Row>
          <section aria-label={t('resource.contracts')}>
            <Typography.Title level={3} style={{ fontSize: 14 }}>
              {t('resource.contracts')}
            </Typography.Title>
            <Table<Contract>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={r.contracts}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resource.noContracts')} />,
              }}
            />
          </section>
        </Flex>
      )}
    </Card>
  );
}

/** The products of its latest production year (overview/production `products`), output value in 万元. */
export function ProductsCard({ query }: { query: UseQueryResult<{ products: Product[] }> }) {
  const { t } = useTranslation('decision', { keyPrefix: 'overview' });
  const { t: common } = useTranslation('common');
  const products = query.data?.products ?? [];
  const title = products.length ? t('products.titleOfYear', { year: products[0].year }) : t('products.title');
  const number = (value: number | null) => (value === null ? '--' : value.toLocaleString());
  return (
    <Card title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h2>} data-products-card>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : query.isError ? (
        <Failed query={query} message={common('chart.failed')} />
      ) : (
        <Table<Product & { key: number }>
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          // The answer has no ids: a product is its place in the list.
          dataSource={products.map((p, key) => ({ ...p, key }))}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={common('chart.empty')} /> }}
          columns={[
            { key: 'productName', dataIndex: 'productName', title: t('products.productName') },
            { key: 'capacity', dataIndex: 'capacity', title: t('products.capacity'), align: 'right', render: number },
            { key: 'output', dataIndex: 'output', title: t('products.output'), align: 'right', render: number },
            {
              key: 'outputValue',
              dataIndex: 'outputValue',
              title: t('inUnit', { name: t('products.outputValue'), unit: t('units.wan') }),
              align: 'right',
              render: (value: number | null) => formatMoney(toWan(value)),
            },
          ]}
        />
      )}
    </Card>
  );
}
