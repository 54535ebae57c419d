import { RowDetail } from '../../../shared/RowDetail.tsx';

/** /crm/rd-platform/detail/:params: one R&D platform of an enterprise, with its assets (the parameter is its id). */
export default function RdPlatformDetailPage() {
  return <RowDetail tabKey="rdPlatform" />;
}
