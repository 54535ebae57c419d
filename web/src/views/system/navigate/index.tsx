import { navigate } from '@park/catalog';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import CrudPage from '../../../crud/CrudPage.tsx';
import { menuInputs } from '../menu/menuFields.tsx';

/** A new tile starts enabled, first in line. */
const DEFAULTS = { status: 1, sort: 1 };

/** /system/navigate: the quick-navigation tiles of the home page, the icon previewed, the address explained. */
export default function NavigatePage() {
  const { t } = useTranslation('system');
  return (
    <CrudPage
      entity={navigate}
      defaults={DEFAULTS}
      inputs={{
        source: menuInputs.source,
        // A menu's path (/desk/notice) or a web address (https://...).
        path: ({ readOnly }) => <Input maxLength={500} placeholder={readOnly ? undefined : t('navigate.pathHint')} />,
      }}
    />
  );
}
