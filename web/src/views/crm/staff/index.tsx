import { TabEntityList } from '../shared/TabEntityList.tsx';

/** /crm/staff: every 企业人员 (staff) row the caller may see, with the row buttons of its enterprise tab. */
export default function StaffList() {
  return <TabEntityList tabKey="staff" />;
}
