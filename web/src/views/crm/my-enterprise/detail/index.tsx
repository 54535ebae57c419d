import { MyEnterprise } from '../MyEnterprise.tsx';

/** /crm/my-enterprise/detail: the company's own enterprise, reached off the menu, naming its own tab. */
export default function MyEnterpriseDetailPage() {
  return <MyEnterprise namesTab />;
}
