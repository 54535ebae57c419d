import { RowDetail } from '../../../shared/RowDetail.tsx';

/** /crm/intellectual-property/detail/:params: one intellectual property right of an enterprise (the parameter is its id). */
export default function IntellectualPropertyDetailPage() {
  return <RowDetail tabKey="intellectual-property" />;
}
