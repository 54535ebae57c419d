import { RowDetail } from '../../../shared/RowDetail.tsx';

/** /crm/qualification/detail/:params: one qualification of an enterprise (the parameter is its id). */
export default function QualificationDetailPage() {
  return <RowDetail tabKey="qualification" />;
}
