import { datasource, POSTGRES_DRIVER } from '@park/catalog';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import CrudPage from '../../../crud/CrudPage.tsx';
import { useSecretInput } from '../../resource/shared/ProviderPage.tsx';

/** The drivers the server can test a connection with (docs/decisions.md): PostgreSQL only. */
const DRIVERS = [{ value: POSTGRES_DRIVER, label: POSTGRES_DRIVER }];

/**
 * /develop/datasource: the tenant's data sources. The server tests the connection on every save
 * and answers 数据源连接失败 with the driver's reason, which the form's error toast shows.
 */
export default function DatasourcePage() {
  const { t } = useTranslation('resource');
  const password = useSecretInput(datasource, 'password');
  return (
    <CrudPage
      entity={datasource}
      defaults={{ driverClass: POSTGRES_DRIVER }}
      inputs={{
        ...password,
        driverClass: ({ placeholder }) => <Select options={DRIVERS} placeholder={placeholder} />,
        url: ({ readOnly }) => (
          <Input name="url" maxLength={500} placeholder={readOnly ? undefined : t('urlExample')} />
        ),
      }}
    />
  );
}
