import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PASSWORD_TAB } from '../../shell/InitialPasswordBanner.tsx';
import { InfoForm } from './InfoForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { SocialBindings } from './SocialBindings.tsx';

/** /info/index: the user's own details and password (spec part 2). */
export default function InfoPage() {
  const { t } = useTranslation('info');
  // The initial-password notice sends the user to the password tab; each arrival opens the tab it names.
  const location = useLocation();
  const asked = (location.state as { tab?: string } | null)?.tab;
  return (
    <Card>
      <Tabs
        key={location.key}
        defaultActiveKey={asked === PASSWORD_TAB || asked === 'social' ? asked : 'info'}
        items={[
          { key: 'info', label: t('tabInfo'), children: <InfoForm /> },
          { key: PASSWORD_TAB, label: t('tabPassword'), children: <PasswordForm /> },
          { key: 'social', label: t('tabSocial'), children: <SocialBindings /> },
        ]}
      />
    </Card>
  );
}
