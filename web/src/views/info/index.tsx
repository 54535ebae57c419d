import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { InfoForm } from './InfoForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';

/** /info/index: the user's own details and password (spec part 2). */
export default function InfoPage() {
  const { t } = useTranslation('info');
  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: t('tabInfo'), children: <InfoForm /> },
          { key: 'password', label: t('tabPassword'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
