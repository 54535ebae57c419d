import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchOwnEnterprise } from '../../../api/crm.ts';
import { PageSpin } from '../../../components/PageSpin.tsx';
import { useIsCompany } from '../../../stores/session.ts';
import { EnterpriseDetail } from '../shared/EnterpriseDetail.tsx';

/** A company account's own enterprise, the one the enterprise page gives it; `namesTab` off the menu's path. */
export function MyEnterprise({ namesTab = false }: { namesTab?: boolean }) {
  const { t } = useTranslation('crm');
  const company = useIsCompany();
  const own = useQuery({ queryKey: ['crud', 'enterprise', 'own'], queryFn: fetchOwnEnterprise, enabled: company });

  if (!company) return <Result status="info" title={t('notCompany')} />;
  if (own.isPending) return <PageSpin />;
  if (!own.data) return <Result status="warning" title={t('noOwnEnterprise')} />;
  return <EnterpriseDetail id={own.data.id} namesTab={namesTab} />;
}
