import { RowDetail } from '../../../shared/RowDetail.tsx';

/** /crm/project/detail/:params: one research project of an enterprise, with its history (the parameter is its id). */
export default function ProjectDetailPage() {
  return <RowDetail tabKey="project" />;
}
