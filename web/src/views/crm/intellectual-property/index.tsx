import { TabEntityList } from '../shared/TabEntityList.tsx';

/** /crm/intellectual-property: every 知识产权 (intellectual property) row the caller may see, with the row buttons of its enterprise tab. */
export default function IntellectualPropertyList() {
  return <TabEntityList tabKey="intellectual-property" />;
}
