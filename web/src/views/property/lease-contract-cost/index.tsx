import { PayCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { LEASE_COST_KEPT, leaseContractCost, leaseCostKept, PAY_STATUS, REVERSAL_REASON_MAX } from '@park/catalog';
import { Alert, Button, Checkbox, Empty, Form, Input, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { type CostReversal, fetchCost, payCosts, reverseCostPayment } from '../../../api/property.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { FormModal } from '../../../crud/FormModal.tsx';
import { useLang } from '../../../i18n/index.ts';
import { usePermission } from '../../../stores/session.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { PayState } from '../shared/ContractPage.tsx';

const money = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * /property/lease-contract-cost (租赁费用): the rent and fees every contract generated, period by period. None
 * is added here (a contract's save generates them); 缴费 marks an unpaid period paid in full, an edit sets the
 * paid amount or date. An unpaid period whose due date is past is tagged 逾期, and 仅看逾期 lists only those.
 * A paid period is a money record: it offers no 删除 (the server refuses it too), but 撤销缴费 with a reason,
 * which its detail (查看) lists under the fields with the amount and date that were reversed.
 */
export default function LeaseContractCostPage() {
  const { t } = useTranslation('property');
  const confirmed = useConfirmed();
  const canPay = usePermission('lease_contract_cost_edit');
  const [onlyOverdue, setOnlyOverdue] = useState(false);
  const [reversing, setReversing] = useState<{ row: Row; reload: () => void } | null>(null);
  return (
    <>
      <CrudPage
        entity={leaseContractCost}
        addable={false}
        baseFilters={onlyOverdue ? { overdue: '1' } : undefined}
        columns={[{ key: 'payStatus', render: (_: unknown, row) => <PayState row={row} /> }]}
        toolbar={() => (
          <Checkbox checked={onlyOverdue} onChange={(e) => setOnlyOverdue(e.target.checked)}>
            {t('onlyOverdue')}
          </Checkbox>
        )}
        removable={(row) => !leaseCostKept(row)}
        viewLoad={fetchCost}
        viewBelow={(row) => <Reversals row={row} />}
        rowActions={(row, { reload }) => {
          if (!canPay) return null;
          if (Number(row.payStatus) === PAY_STATUS.paid) {
            return (
              <Button
                type="link"
                size="small"
                icon={<RollbackOutlined />}
                onClick={() => setReversing({ row, reload })}
              >
                {t('reverse')}
              </Button>
            );
          }
          return (
            <Button
              type="link"
              size="small"
              icon={<PayCircleOutlined />}
              onClick={() =>
                confirmed(
                  t('payQuestion', { period: String(row.periodNo), amount: String(row.amountDue) }),
                  async () => {
                    try {
                      await payCosts([row.id]);
                    } finally {
                      reload();
                    }
                  },
                  t('paid'),
                )
              }
            >
              {t('pay')}
            </Button>
          );
        }}
      />
      {reversing && (
        <ReverseModal
          row={reversing.row}
          onClose={() => setReversing(null)}
          onReversed={() => {
            reversing.reload();
            setReversing(null);
          }}
        />
      )}
    </>
  );
}

/** 撤销缴费's dialog: what the reversal does, and its reason (required, trimmed, at most 500 characters). */
function ReverseModal({ row, onClose, onReversed }: { row: Row; onClose: () => void; onReversed: () => void }) {
  const { t } = useTranslation('property');
  return (
    <FormModal<{ reason: string }>
      title={t('reverseTitle', { period: String(row.periodNo ?? '') })}
      width={560}
      okText={t('reverse')}
      layout="vertical"
      submit={(values) => reverseCostPayment(row.id, values.reason.trim())}
      savedMessage={t('reversed')}
      onClose={onClose}
      onSaved={onReversed}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('reverseNote', { amount: money(row.paidAmount ?? row.amountDue), date: String(row.paidDate ?? '') })}
      />
      <Form.Item
        name="reason"
        label={t('reverseReason')}
        rules={[{ required: true, whitespace: true, message: t('reverseReasonRequired') }]}
      >
        <Input.TextArea rows={3} maxLength={REVERSAL_REASON_MAX} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** A period's reversed payments, newest first: when, by whom, what had been paid and why. */
function Reversals({ row }: { row: Row }) {
  const { t } = useTranslation('property');
  const lang = useLang();
  const rows = (row as { reversals?: CostReversal[] }).reversals ?? [];
  const columns: { key: keyof CostReversal; title: string; render?: (line: CostReversal) => ReactNode }[] = [
    { key: 'createTime', title: t('reversalTime') },
    { key: 'createUserName', title: t('reversalUser'), render: (line) => line.createUserName ?? line.createUser },
    { key: 'paidAmount', title: t('reversalAmount'), render: (line) => money(line.paidAmount) },
    { key: 'paidDate', title: t('reversalDate') },
    {
      key: 'reason',
      title: t('reverseReason'),
      render: (line) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{line.reason}</span>,
    },
  ];
  return (
    <section aria-label={t('reversals')}>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('reversals')}
      </Typography.Title>
      {rows.length ? (
        <Table<CostReversal>
          rowKey="id"
          size="small"
          bordered
          pagination={false}
          dataSource={rows}
          columns={columns.map((c) => ({
            key: c.key,
            dataIndex: c.key,
            title: c.title,
            align: c.key === 'paidAmount' ? 'right' : undefined,
            render: c.render && ((_: unknown, line: CostReversal) => c.render?.(line)),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noReversals')} />
      )}
      {/* Why a paid period offers no 删除: the same words as the server's refusal. */}
      {leaseCostKept(row) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {LEASE_COST_KEPT[lang]}
        </Typography.Paragraph>
      )}
    </section>
  );
}
