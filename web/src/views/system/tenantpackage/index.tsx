import { tenantPackage } from '@park/catalog';
import CrudPage from '../../../crud/CrudPage.tsx';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { MenuTreeSelect } from '../shared/MenuTreeSelect.tsx';

const inputs: FieldInputs = { menuId: ({ placeholder }) => <MenuTreeSelect placeholder={placeholder} /> };

/** /system/tenantpackage: packages with their menus ticked in a tree; the spec disables view. */
export default function TenantPackagePage() {
  return <CrudPage entity={tenantPackage} viewable={false} inputs={inputs} />;
}
