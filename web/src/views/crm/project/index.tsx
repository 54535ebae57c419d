import { TabEntityList } from '../shared/TabEntityList.tsx';

/** /crm/project: every 科研项目 (projects) row the caller may see, with the row buttons of its enterprise tab. */
export default function ProjectList() {
  return <TabEntityList tabKey="project" />;
}
