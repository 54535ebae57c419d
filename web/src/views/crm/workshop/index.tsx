import { TabEntityList } from '../shared/TabEntityList.tsx';

/** /crm/workshop: every 车间管理 (workshops) row the caller may see, with the row buttons of its enterprise tab. */
export default function WorkshopList() {
  return <TabEntityList tabKey="workshop" />;
}
