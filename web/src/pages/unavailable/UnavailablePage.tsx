import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuLabel, useLang } from '../../i18n/index.ts';

/** A menu page with neither a custom screen nor a catalog entity yet: say so rather than fake one. */
export default function UnavailablePage({ code, name, path }: { code: string; name: string; path: string }) {
  const { t } = useTranslation('layout');
  const lang = useLang();
  return (
    <Card>
      <Result
        status="info"
        title={t('unavailableTitle')}
        subTitle={t('unavailableDetail', { name: menuLabel(code, name, lang), path })}
      />
    </Card>
  );
}
