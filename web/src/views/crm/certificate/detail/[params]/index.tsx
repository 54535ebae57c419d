import { RowDetail } from '../../../shared/RowDetail.tsx';

/** /crm/certificate/detail/:params: one certificate or award of an enterprise (the parameter is its id). */
export default function CertificateDetailPage() {
  return <RowDetail tabKey="certificate" />;
}
