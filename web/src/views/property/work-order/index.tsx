import { workOrder } from '@park/catalog';
import { RepairScreen } from '../repair/RepairScreen.tsx';

/** /property/work-order (工单管理): the park's work on the reported repairs: 派单, 开始处理, 完成. */
export default function WorkOrderPage() {
  return <RepairScreen entity={workOrder} />;
}
