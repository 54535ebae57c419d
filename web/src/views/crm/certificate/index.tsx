import { TabEntityList } from '../shared/TabEntityList.tsx';

/** /crm/certificate: every 证书奖项 (certificates and awards) row the caller may see, with the row buttons of its enterprise tab. */
export default function CertificateList() {
  return <TabEntityList tabKey="certificate" />;
}
