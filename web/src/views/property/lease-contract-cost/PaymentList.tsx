import { leaseCostPaymentFields } from '@park/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictLabel } from '../../../crud/DictSelect.tsx';
import { usePaging } from '../../../crud/usePaging.ts';
import { useLang } from '../../../i18n/index.ts';
import { fetchPayments, type ListedPayment } from './api.ts';

const PAGE_SIZES = [10, 20, 50, 100];

const money = (value: unknown) =>
  Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const paymentField = (name: string) => leaseCostPaymentFields.find((f) => f.name === name)!;

/**
 * 缴费记录（全部）under 租赁费用 (issue 34.5): every payment the caller may see, newest first, paged by the server:
 * a company account its own enterprise's alone (the server scopes payment/list to it), the park's staff the
 * tenant's; each with the contract and period it paid, and, when reversed, why.
 */
export function PaymentList({ refreshKey }: { refreshKey?: unknown }) {
  const { t } = useTranslation(['property', 'crud']);
  const lang = useLang();
  const { paging, pagination } = usePaging(PAGE_SIZES);
  const list = useQuery({
    queryKey: ['lease-payments', paging, refreshKey],
    queryFn: () => fetchPayments(paging.current, paging.size),
    placeholderData: keepPreviousData,
  });
  const label = (name: string) => paymentField(name).label[lang];
  return (
    <Card style={{ marginTop: 16 }} title={t('allPayments')}>
      <Table<ListedPayment>
        rowKey="id"
        size="small"
        bordered
        aria-label={t('allPayments')}
        loading={list.isFetching}
        dataSource={list.data?.records}
        scroll={{ x: 'max-content' }}
        pagination={pagination(list.data?.total ?? 0)}
        columns={[
          { key: 'paidDate', dataIndex: 'paidDate', title: label('paidDate') },
          {
            key: 'amount',
            dataIndex: 'amount',
            title: label('amount'),
            align: 'right',
            render: (value: unknown) => money(value),
          },
          {
            key: 'state',
            title: t('paymentState'),
            render: (_: unknown, line) =>
              line.reversalId ? (
                <span>
                  <Tag color="default">{t('paymentReversedTag')}</Tag>
                  <Typography.Text type="secondary">{line.reversalReason}</Typography.Text>
                </span>
              ) : (
                <Tag color="success">{t('paymentLive')}</Tag>
              ),
          },
          { key: 'contractNo', dataIndex: 'contractNo', title: t('paymentContract') },
          {
            key: 'period',
            title: t('paymentPeriod'),
            render: (_: unknown, line) =>
              t('paymentPeriodOf', { no: line.periodNo, start: line.periodStart, end: line.periodEnd }),
          },
          {
            key: 'payMethod',
            dataIndex: 'payMethod',
            title: label('payMethod'),
            render: (value: unknown) => <DictLabel field={paymentField('payMethod')} value={value} />,
          },
          { key: 'payer', dataIndex: 'payer', title: label('payer') },
          { key: 'receiptNo', dataIndex: 'receiptNo', title: label('receiptNo') },
        ]}
      />
    </Card>
  );
}
