import { repair } from '@park/catalog';
import { RepairScreen } from './RepairScreen.tsx';

/** /property/repair (报修管理): the faults reported, a company account's own enterprise's to report, rate and cancel. */
export default function RepairPage() {
  return <RepairScreen entity={repair} />;
}
