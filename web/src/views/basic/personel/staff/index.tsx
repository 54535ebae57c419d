import { staff } from '@park/catalog';
import CrudPage from '../../../../crud/CrudPage.tsx';
import { PARK_STAFF_ACCOUNTS, StaffAccountActions } from '../../../crm/shared/StaffAccountActions.tsx';
import { staffDetailPath } from './detailPath.ts';

const DETAIL = { nameField: 'staffName', path: (row: { id: string }) => staffDetailPath(row.id) };

/**
 * /basic/personel/staff (人员信息): the park's people; 查看 and the name open the person's page with
 * their assessments and subsidies, and each row creates, binds or unbinds the person's park account.
 */
export default function StaffPage() {
  return (
    <CrudPage
      entity={staff}
      detail={DETAIL}
      rowActions={(row, { reload }) => <StaffAccountActions row={row} reload={reload} accounts={PARK_STAFF_ACCOUNTS} />}
    />
  );
}
