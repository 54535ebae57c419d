import { TabEntityList } from '../shared/TabEntityList.tsx';

/** /crm/rd-platform: every 研发平台 (R&D platforms) row the caller may see, with the row buttons of its enterprise tab. */
export default function RdPlatformList() {
  return <TabEntityList tabKey="rdPlatform" />;
}
