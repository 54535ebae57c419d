import { PayCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  COST_KIND,
  type FieldDef,
  LEASE_COST_KEPT,
  leaseContractCost,
  leaseCostKept,
  leaseCostPaymentFields,
  PAY_METHOD,
  PAY_STATE,
  PAY_STATUS,
  PAYMENT_LIMITS,
  REVERSAL_REASON_MAX,
} from '@park/catalog';
import { Alert, Button, Checkbox, DatePicker, Empty, Form, Input, InputNumber, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { type CostReversal, fetchCost, reverseCostPayment } from '../../../api/property.ts';
import { parkToday } from '../../../clock.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { DictLabel, DictSelect } from '../../../crud/DictSelect.tsx';
import { FormModal } from '../../../crud/FormModal.tsx';
import { PRIMARY_ACTION } from '../../../crud/RowActions.tsx';
import { useLang } from '../../../i18n/index.ts';
import { usePermission } from '../../../stores/session.ts';
import { type CostPayment, type CostWithPayments, reversePayment, submitPayment } from './api.ts';
import { PaymentList } from './PaymentList.tsx';

const money = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const field = (fields: FieldDef[], name: string) => fields.find((f) => f.name === name)!;
const costField = (name: string) => field(leaseContractCost.fields, name);
const paymentField = (name: string) => field(leaseCostPaymentFields, name);

/** 未缴 / 部分缴纳 / 已缴 as a coloured tag, with a red 逾期 beside a period owed past its due date. */
export function CostState({ row }: { row: Row }) {
  const { t } = useTranslation('property');
  const state = Number(row.payState);
  const color = state === PAY_STATE.paid ? 'success' : state === PAY_STATE.partly ? 'warning' : 'default';
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tag color={color}>
        <DictLabel field={costField('payState')} value={row.payState} />
      </Tag>
      {Number(row.overdue) === 1 && <Tag color="error">{t('overdue')}</Tag>}
    </span>
  );
}

/** An amount owed past its due date reads red. */
const owed = (row: Row, value: unknown) =>
  Number(row.overdue) === 1 ? <Typography.Text type="danger">{money(value)}</Typography.Text> : money(value);

/**
 * /property/lease-contract-cost (租赁费用): the rent and fees every contract generated, period by period, and
 * each contract's deposit (费用类型 押金). None is added here (a contract's save generates them). What is owed
 * leads the list: 应缴, 已缴, 余额 and the state (未缴 / 部分缴纳 / 已缴, 逾期 in red when owed past its due date);
 * 仅看逾期 lists only those. 登记缴费 records one payment (amount defaulting to the balance, date the park's
 * today at most, method, payer, receipt number, note); several make a partial payment whole. A period with money
 * on it is a money record: it offers no 删除 (the server refuses it too), but 撤销缴费 with a reason, and its
 * detail (查看) lists its payments, each reversible on its own, and the reversals. Below the list, every payment the
 * caller may see (PaymentList: a company account its own enterprise's alone).
 */
export default function LeaseContractCostPage() {
  const { t } = useTranslation('property');
  const canPay = usePermission('lease_contract_cost_edit');
  const [onlyOverdue, setOnlyOverdue] = useState(false);
  const [reversing, setReversing] = useState<{ row: Row; reload: () => void } | null>(null);
  const [paying, setPaying] = useState<{ row: Row; reload: () => void } | null>(null);
  // The list's reload, for a payment reversed from a period's detail.
  const reloadList = useRef<() => void>(() => undefined);
  // Bumped by a payment or a reversal made here: the list of all payments below reads again.
  const [version, setVersion] = useState(0);
  return (
    <>
      <CrudPage
        entity={leaseContractCost}
        addable={false}
        baseFilters={onlyOverdue ? { overdue: '1' } : undefined}
        columns={[
          { key: 'payState', render: (_: unknown, row) => <CostState row={row} /> },
          { key: 'balance', render: (value: unknown, row) => owed(row, value) },
          {
            key: 'costKind',
            render: (value: unknown) => (
              <Tag color={Number(value) === COST_KIND.deposit ? 'blue' : undefined}>
                <DictLabel field={costField('costKind')} value={value} />
              </Tag>
            ),
          },
        ]}
        toolbar={() => (
          <Checkbox checked={onlyOverdue} onChange={(e) => setOnlyOverdue(e.target.checked)}>
            {t('onlyOverdue')}
          </Checkbox>
        )}
        removable={(row) => !leaseCostKept(row)}
        viewLoad={fetchCost}
        viewBelow={(row) => <History row={row} canReverse={canPay} onChanged={() => reloadList.current()} />}
        rowActions={(row, { reload }) => {
          reloadList.current = reload;
          if (!canPay) return null;
          const settled = Number(row.payStatus) === PAY_STATUS.paid;
          return (
            <>
              {!settled && (
                <Button
                  type="link"
                  size="small"
                  icon={<PayCircleOutlined />}
                  onClick={() => setPaying({ row, reload })}
                  {...PRIMARY_ACTION}
                >
                  {t('payRegister')}
                </Button>
              )}
              {leaseCostKept(row) && (
                <Button
                  type="link"
                  size="small"
                  icon={<RollbackOutlined />}
                  onClick={() => setReversing({ row, reload })}
                >
                  {t('reverse')}
                </Button>
              )}
            </>
          );
        }}
      />
      {paying && (
        <PaymentModal
          row={paying.row}
          onClose={() => setPaying(null)}
          onPaid={() => {
            paying.reload();
            setPaying(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
      {reversing && (
        <ReverseModal
          row={reversing.row}
          onClose={() => setReversing(null)}
          onReversed={() => {
            reversing.reload();
            setReversing(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
      <PaymentList refreshKey={version} />
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

/** What 查看 shows under a period's fields: its state, its payments (each reversible) and its reversals. */
function History({ row, canReverse, onChanged }: { row: Row; canReverse: boolean; onChanged: () => void }) {
  // The period as the last reversal answered it: its payments, reversals and state follow at once.
  const [current, setCurrent] = useState<CostWithPayments>(row);
  return (
    <>
      <CostState row={current} />
      <Payments
        row={current}
        canReverse={canReverse}
        onReversed={(answer) => {
          setCurrent(answer);
          onChanged();
        }}
      />
      <Reversals row={current} />
    </>
  );
}

/** 登记缴费's dialog: the amount (the balance unless changed), the date (the park's today at most), and the rest. */
function PaymentModal({ row, onClose, onPaid }: { row: Row; onClose: () => void; onPaid: () => void }) {
  const { t } = useTranslation('property');
  const lang = useLang();
  const today = parkToday();
  const balance = Number(row.balance ?? Number(row.amountDue) - Number(row.paidAmount ?? 0));
  const label = (name: string) => paymentField(name).label[lang];
  const required = (name: string) => ({ required: true, message: paymentField(name).required?.[lang] });
  type Values = { amount: number; paidDate: Dayjs; payMethod: number; payer: string; receiptNo: string; note?: string };
  return (
    <FormModal<Values, CostWithPayments>
      title={
        Number(row.costKind) === COST_KIND.deposit
          ? t('payTitleDeposit')
          : t('payTitle', { period: String(row.periodNo ?? '') })
      }
      width={600}
      okText={t('payRegister')}
      layout="vertical"
      initialValues={{ amount: balance, paidDate: dayjs(today), payMethod: PAY_METHOD.bank }}
      submit={(values) =>
        submitPayment({
          costId: String(row.id),
          amount: values.amount,
          paidDate: values.paidDate.format('YYYY-MM-DD'),
          payMethod: values.payMethod,
          payer: values.payer.trim(),
          receiptNo: values.receiptNo.trim(),
          note: values.note?.trim() || undefined,
        })
      }
      savedMessage={t('payRecorded')}
      onClose={onClose}
      onSaved={onPaid}
    >
      <Alert
        type={Number(row.overdue) === 1 ? 'error' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        title={t('paySummary', {
          due: money(row.amountDue),
          paid: money(row.paidAmount ?? 0),
          balance: money(balance),
        })}
      />
      <Form.Item name="amount" label={label('amount')} rules={[required('amount')]}>
        <InputNumber min={0.01} max={balance} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="paidDate" label={label('paidDate')} rules={[required('paidDate')]}>
        <DatePicker
          style={{ width: '100%' }}
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
          aria-label={label('paidDate')}
        />
      </Form.Item>
      <Form.Item name="payMethod" label={label('payMethod')} rules={[required('payMethod')]}>
        <DictSelect field={paymentField('payMethod')} />
      </Form.Item>
      <Form.Item name="payer" label={label('payer')} rules={[{ ...required('payer'), whitespace: true }]}>
        <Input maxLength={PAYMENT_LIMITS.payer} />
      </Form.Item>
      <Form.Item name="receiptNo" label={label('receiptNo')} rules={[{ ...required('receiptNo'), whitespace: true }]}>
        <Input maxLength={PAYMENT_LIMITS.receiptNo} />
      </Form.Item>
      <Form.Item name="note" label={label('note')}>
        <Input.TextArea rows={2} maxLength={PAYMENT_LIMITS.note} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** A period's payments, oldest first; a live one may be reversed with a reason, a reversed one says why. */
function Payments({
  row,
  canReverse,
  onReversed,
}: {
  row: CostWithPayments;
  canReverse: boolean;
  onReversed: (answer: CostWithPayments) => void;
}) {
  const { t } = useTranslation('property');
  const lang = useLang();
  const [reversing, setReversing] = useState<CostPayment | null>(null);
  const rows = row.payments ?? [];
  const label = (name: string) => paymentField(name).label[lang];
  return (
    <section aria-label={t('payments')}>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('payments')}
      </Typography.Title>
      {rows.length ? (
        <Table<CostPayment>
          rowKey="id"
          size="small"
          bordered
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
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
              key: 'payMethod',
              dataIndex: 'payMethod',
              title: label('payMethod'),
              render: (value: unknown) => <DictLabel field={paymentField('payMethod')} value={value} />,
            },
            { key: 'payer', dataIndex: 'payer', title: label('payer') },
            { key: 'receiptNo', dataIndex: 'receiptNo', title: label('receiptNo') },
            { key: 'note', dataIndex: 'note', title: label('note') },
            { key: 'createUserName', dataIndex: 'createUserName', title: t('paymentBy') },
            {
              key: 'state',
              title: t('paymentState'),
              render: (_: unknown, line: CostPayment) =>
                line.reversalId ? (
                  <span>
                    <Tag color="default">{t('paymentReversedTag')}</Tag>
                    <Typography.Text type="secondary">{line.reversalReason}</Typography.Text>
                  </span>
                ) : canReverse ? (
                  <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => setReversing(line)}>
                    {t('paymentReverse')}
                  </Button>
                ) : (
                  <Tag color="success">{t('paymentLive')}</Tag>
                ),
            },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPayments')} />
      )}
      {reversing && (
        <FormModal<{ reason: string }, CostWithPayments>
          title={t('paymentReverseTitle', { receipt: reversing.receiptNo ?? '-' })}
          width={560}
          okText={t('paymentReverse')}
          layout="vertical"
          submit={(values) => reversePayment(reversing.id, values.reason.trim())}
          savedMessage={t('reversed')}
          onClose={() => setReversing(null)}
          onSaved={(answer) => {
            setReversing(null);
            onReversed(answer);
          }}
        >
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('paymentReverseNote', { amount: money(reversing.amount), date: reversing.paidDate })}
          />
          <Form.Item
            name="reason"
            label={t('reverseReason')}
            rules={[{ required: true, whitespace: true, message: t('reverseReasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={REVERSAL_REASON_MAX} showCount />
          </Form.Item>
        </FormModal>
      )}
    </section>
  );
}
