import { MyEnterprise } from './MyEnterprise.tsx';

/** The menu's /crm/my-enterprise: the company's own enterprise, its tab the menu's. */
export default function MyEnterprisePage() {
  return <MyEnterprise />;
}
