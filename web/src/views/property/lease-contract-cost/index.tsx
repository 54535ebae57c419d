import { PayCircleOutlined } from '@ant-design/icons';
import { leaseContractCost, PAY_STATUS } from '@park/catalog';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payCosts } from '../../../api/property.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { usePermission } from '../../../stores/session.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { PayState } from '../shared/ContractPage.tsx';

/**
 * /property/lease-contract-cost (租赁费用): the rent and fees every contract generated, period by period. None
 * is added here (a contract's save generates them); 缴费 marks an unpaid period paid in full, an edit sets the
 * paid amount or date. An unpaid period whose due date is past is tagged 逾期, and 仅看逾期 lists only those.
 */
export default function LeaseContractCostPage() {
  const { t } = useTranslation('property');
  const confirmed = useConfirmed();
  const canPay = usePermission('lease_contract_cost_edit');
  const [onlyOverdue, setOnlyOverdue] = useState(false);
  return (
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
      rowActions={(row, { reload }) =>
        canPay &&
        Number(row.payStatus) === PAY_STATUS.unpaid && (
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
        )
      }
    />
  );
}
