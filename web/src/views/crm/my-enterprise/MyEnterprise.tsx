import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchOwnEnterprise } from '../../../api/crm.ts';
import { PageSpin } from '../../../components/PageSpin.tsx';
import { holdsPath } from '../../../pages/home/holdsPath.ts';
import { useMenuTree } from '../../../router/useMenuTree.ts';
import { useMenuNavigation } from '../../../shell/menuNavigation.ts';
import { useIsCompany } from '../../../stores/session.ts';
import { EnterpriseDetail } from '../shared/EnterpriseDetail.tsx';

/** The park's list of every enterprise, where park staff find any of them. */
const ENTERPRISE_LIST = '/crm/enterprise';

/** A company account's own enterprise, the one the enterprise page gives it; `namesTab` off the menu's path. */
export function MyEnterprise({ namesTab = false }: { namesTab?: boolean }) {
  const { t } = useTranslation('crm');
  const company = useIsCompany();
  const own = useQuery({ queryKey: ['crud', 'enterprise', 'own'], queryFn: fetchOwnEnterprise, enabled: company });
  const { tree } = useMenuTree();
  const { open } = useMenuNavigation();

  // Park staff have no enterprise of their own: say what the screen is for and lead to the park's enterprise list.
  if (!company) {
    const list = holdsPath(tree, [ENTERPRISE_LIST]);
    return (
      <Result
        status="info"
        title={t('notCompany')}
        subTitle={list ? t('notCompanyHint') : undefined}
        extra={
          list && (
            <Button type="primary" onClick={() => open(ENTERPRISE_LIST)}>
              {t('openEnterprises')}
            </Button>
          )
        }
      />
    );
  }
  if (own.isPending) return <PageSpin />;
  if (!own.data) return <Result status="warning" title={t('noOwnEnterprise')} />;
  return <EnterpriseDetail id={own.data.id} namesTab={namesTab} />;
}
