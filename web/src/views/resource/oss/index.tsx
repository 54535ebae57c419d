import { ApiOutlined } from '@ant-design/icons';
import { oss } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testOss } from '../../../api/resource.ts';
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { toast } from '../../../feedback.ts';
import { ProviderPage } from '../shared/ProviderPage.tsx';

/**
 * /resource/oss: the tenant's object storage accounts, one enabled at a time (it stores the tenant's
 * new files). 测试连接 (button oss_edit) has the server write, read and delete a probe object with a
 * row's saved settings: success says so, a failure shows the store's own error (from the HTTP client).
 */
export default function OssPage() {
  const { t } = useTranslation('resource');
  const can = useCrudPermissions(oss.key);
  const [testing, setTesting] = useState<string | null>(null);

  const test = async (id: string) => {
    setTesting(id);
    try {
      await testOss({ id });
      toast.success(t('oss.testOk'));
    } catch {
      // Already shown by the HTTP client: the store's error.
    } finally {
      setTesting(null);
    }
  };

  return (
    <ProviderPage
      entity={oss}
      rowActions={(row) =>
        can.edit && (
          <Button
            type="link"
            size="small"
            icon={<ApiOutlined />}
            loading={testing === String(row.id)}
            onClick={() => void test(String(row.id))}
          >
            {t('oss.test')}
          </Button>
        )
      }
    />
  );
}
