import { dangerChemical } from '@park/catalog';
import CrudPage from '../../../crud/CrudPage.tsx';
import { overLimitColumn } from '../shared/safetyFlags.tsx';

/** /prod/danger-chemical (危险化学品): the generic list, a chemical over its allowed quantity flagged in red with both amounts. */
export default function DangerChemicalPage() {
  return <CrudPage entity={dangerChemical} columns={[overLimitColumn]} />;
}
