import { AccountBookOutlined, EditOutlined } from '@ant-design/icons';
import { CONTRACT_TYPE, type EntityDef, leaseContractCost, roomContract } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { calcBuildArea, fetchContractCosts, fetchUnits } from '../../../api/property.ts';
import type { PickerInputProps } from '../../../components/pickers/PickerField.tsx';
import CrudPage from '../../../crud/CrudPage.tsx';
import { DictLabel } from '../../../crud/DictSelect.tsx';
import { useLang } from '../../../i18n/index.ts';
import { usePermission } from '../../../stores/session.ts';

// The add/edit dialog (the form's inputs with it) loads with its first opening, not with the list.
const ContractModal = lazy(() => import('./ContractModal.tsx'));

export type ContractType = (typeof CONTRACT_TYPE)[keyof typeof CONTRACT_TYPE];

/** The field naming the units a contract of the type rents. */
export const unitField = (type: ContractType) => (type === CONTRACT_TYPE.office ? 'officeIds' : 'roomIds');

/**
 * The contract entity as one screen shows it: the office contract screen's own buttons (office_contract_*)
 * and its units' field, the rooms' left out (and the other way round); both read and write room-contract.
 */
export function screenEntity(type: ContractType): EntityDef {
  const other = unitField(type === CONTRACT_TYPE.office ? CONTRACT_TYPE.room : CONTRACT_TYPE.office);
  const fields = roomContract.fields.filter((f) => f.name !== other && f.name !== 'contractType');
  if (type === CONTRACT_TYPE.room) return { ...roomContract, fields };
  return {
    ...roomContract,
    key: 'office_contract',
    route: '/property/office-contract',
    label: { zh: '办公室合同', en: 'Office contracts' },
    fields,
  };
}

const costField = (name: string) => leaseContractCost.fields.find((f) => f.name === name)!;

/**
 * 房间合同 and 办公室合同: an enterprise rents rooms or offices from a date to a date at a price per m² and month.
 * The list is the generic one narrowed to the type; add and edit open the contract dialog (the enterprise
 * selector, the units with their summed area, the dates and prices), which saves through room-contract's
 * save and update; 费用 shows the costs the server generated for the contract. The server refuses a contract
 * whose unit another live contract holds on the same dates, and says which.
 */
export function ContractPage({ type }: { type: ContractType }) {
  const { t } = useTranslation(['property', 'crud']);
  const entity = screenEntity(type);
  const canEdit = usePermission(`${entity.key}_edit`);
  const [editing, setEditing] = useState<{ id?: string; reload: () => void } | null>(null);
  const [costsOf, setCostsOf] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        entity={entity}
        baseFilters={{ contractType_equal: String(type) }}
        editable={false}
        // 查看 shows the units by their numbers.
        inputs={{
          [unitField(type)]: ({ readOnly, placeholder }) => (
            <UnitSelect type={type} disabled={readOnly} placeholder={placeholder} />
          ),
        }}
        add={{ label: t('crud:add'), open: ({ reload }) => setEditing({ reload }) }}
        rowActions={(row, { reload }) => (
          <>
            {canEdit && (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing({ id: row.id, reload })}
              >
                {t('crud:edit')}
              </Button>
            )}
            <Button type="link" size="small" icon={<AccountBookOutlined />} onClick={() => setCostsOf(row)}>
              {t('costs')}
            </Button>
          </>
        )}
      />
      {editing && (
        <Suspense fallback={null}>
          <ContractModal
            entity={entity}
            type={type}
            id={editing.id}
            onClose={() => setEditing(null)}
            onSaved={() => {
              editing.reload();
              setEditing(null);
            }}
          />
        </Suspense>
      )}
      {costsOf && <CostsModal contract={costsOf} onClose={() => setCostsOf(null)} />}
    </>
  );
}

/** A contract's generated costs, period by period, with their payment state and the overdue ones tagged. */
function CostsModal({ contract, onClose }: { contract: Row; onClose: () => void }) {
  const { t } = useTranslation(['property', 'common']);
  const lang = useLang();
  const costLabel = (name: string) => costField(name).label[lang];
  const costs = useQuery({ queryKey: ['contract-costs', contract.id], queryFn: () => fetchContractCosts(contract.id) });
  return (
    <Modal
      open
      title={t('costsTitle', { no: String(contract.contractNo ?? '') })}
      width={760}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
    >
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        loading={costs.isFetching}
        dataSource={costs.data}
        pagination={false}
        locale={{ emptyText: t('noCosts') }}
        columns={[
          { key: 'periodNo', dataIndex: 'periodNo', title: costLabel('periodNo') },
          {
            key: 'range',
            title: `${costLabel('periodStart')} ~ ${costLabel('periodEnd')}`,
            render: (_, row) => `${String(row.periodStart)} ~ ${String(row.periodEnd)}`,
          },
          { key: 'dueDate', dataIndex: 'dueDate', title: costLabel('dueDate') },
          { key: 'amountDue', dataIndex: 'amountDue', title: costLabel('amountDue'), align: 'right', render: money },
          { key: 'payStatus', title: costLabel('payStatus'), render: (_, row) => <PayState row={row} /> },
        ]}
      />
    </Modal>
  );
}

const money = (value: unknown) =>
  Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 已缴 / 未缴 as a tag, with 逾期 beside an overdue one. */
export function PayState({ row }: { row: Row }) {
  const { t } = useTranslation('property');
  return (
    <>
      <Tag color={Number(row.payStatus) === 1 ? 'success' : 'default'}>
        <DictLabel field={costField('payStatus')} value={row.payStatus} />
      </Tag>
      {Number(row.overdue) === 1 && <Tag color="error">{t('overdue')}</Tag>}
    </>
  );
}

/** A date of the form (a picker's dayjs or a stored string) as yyyy-MM-dd, or undefined. */
const dayOf = (value: unknown): string | undefined =>
  dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : typeof value === 'string' && value ? value : undefined;

/**
 * The units a contract rents: a multi-select of the offices or rooms (their ids comma-joined in the form),
 * searched by number, with the offices' summed building area under it (calcBuildArea). Once the form holds
 * both dates it offers only the units no other live contract holds on any of those days (the server's `free`,
 * the contract being edited not counted); a unit already picked that is taken stays, marked, for the save to
 * refuse with the contract in the way.
 */
export function UnitSelect({
  type,
  id,
  value,
  onChange,
  placeholder,
  disabled,
  contractId,
}: PickerInputProps<string> & { type: ContractType; contractId?: string }) {
  const { t } = useTranslation('property');
  const lang = useLang();
  const form = Form.useFormInstance();
  const startDate = dayOf(Form.useWatch('startDate', form));
  const endDate = dayOf(Form.useWatch('endDate', form));
  // Read-only (查看) lists every unit: the picked ones are named whatever holds them now.
  const dates = disabled ? {} : { startDate, endDate, contractId };
  const units = useQuery({ queryKey: ['property-units', type, dates], queryFn: () => fetchUnits(type, dates) });
  const picked = String(value ?? '')
    .split(',')
    .filter(Boolean);
  const area = useQuery({
    queryKey: ['property-area', picked],
    queryFn: () => calcBuildArea(picked),
    enabled: type === CONTRACT_TYPE.office && picked.length > 0,
  });
  const nameOf = (row: Row) => String(row[type === CONTRACT_TYPE.office ? 'officeName' : 'roomName'] ?? row.id);
  const unit = lang === 'zh' ? '㎡' : ' m²';
  const offered = (units.data ?? []).filter((row) => row.free !== false || picked.includes(row.id));
  const takenPicked = offered.filter((row) => row.free === false).map(nameOf);
  return (
    <>
      <Select
        id={id}
        mode="multiple"
        showSearch
        allowClear
        value={picked}
        disabled={disabled}
        placeholder={placeholder}
        loading={units.isFetching}
        optionFilterProp="label"
        options={offered.map((row) => ({
          value: row.id,
          label: `${nameOf(row)}（${String(row.buildArea)}${unit}）${row.free === false ? ` ${t('unitTaken')}` : ''}`,
        }))}
        onChange={(next: string[]) => onChange?.(next.join(','))}
      />
      {!disabled && startDate && endDate && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {t('unitsFreeHint', { start: startDate, end: endDate })}
        </Typography.Text>
      )}
      {takenPicked.length > 0 && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
          {t('unitsTakenPicked', { units: takenPicked.join('、') })}
        </Typography.Text>
      )}
      {type === CONTRACT_TYPE.office && picked.length > 0 && area.data !== undefined && (
        <Typography.Text type="secondary" role="status">
          {t('totalArea', { area: area.data })}
        </Typography.Text>
      )}
    </>
  );
}
