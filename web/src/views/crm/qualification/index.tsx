import { TabEntityList } from '../shared/TabEntityList.tsx';

/** /crm/qualification: every 企业资质 (qualifications) row the caller may see, with the row buttons of its enterprise tab. */
export default function QualificationList() {
  return <TabEntityList tabKey="qualification" />;
}
