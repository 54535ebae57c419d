import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchUserInfo } from '../../api/auth.ts';
import { useSession } from '../../stores/session.ts';
import { EnterpriseUpdates } from './EnterpriseUpdates.tsx';
import { HomeSummary, summaryQuery } from './HomeSummary.tsx';
import { NoticeBoard } from './NoticeBoard.tsx';
import { QuickNavigation } from './QuickNavigation.tsx';

/**
 * `/wel/index`: a welcome with facts about the signed-in account, as the server reports them, the quick
 * navigation, the caller's work and the day's figures and, for those who may read them, the latest notices and enterprise updates.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const user = useSession((s) => s.user);
  const accountType = useSession((s) => s.accountType);
  const info = useQuery({ queryKey: ['user-info'], queryFn: fetchUserInfo });
  // The session knows its roles by alias (a code); the summary brings their names.
  const summary = useQuery(summaryQuery);

  const account = info.data?.account ?? user?.account;
  const realName = info.data?.realName ?? user?.realName;
  const name = realName || info.data?.userName || user?.userName || account;
  const items = [
    { key: 'account', label: t('account'), children: account },
    { key: 'realName', label: t('realName'), children: realName },
    { key: 'tenant', label: t('tenant'), children: info.data?.tenantId ?? user?.tenantId },
    {
      key: 'role',
      label: t('role'),
      // Names only: the session's and user-info's roleName hold the roles' codes (administrator), never shown.
      children: summary.data?.roles.join('、'),
    },
    {
      key: 'accountType',
      label: t('accountType'),
      children: accountType === 'web' ? t('companyAccount') : t('platformAccount'),
    },
  ];

  return (
    <>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('welcome', { name })}
        </Typography.Title>
        {info.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <Descriptions bordered size="middle" column={{ xs: 1, md: 2 }} items={items} />
        )}
      </Card>
      <HomeSummary />
      <QuickNavigation />
      <NoticeBoard />
      <EnterpriseUpdates />
    </>
  );
}
