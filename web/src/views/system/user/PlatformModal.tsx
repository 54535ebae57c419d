import { user } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPlatformSettings, savePlatformSettings } from '../../../api/system.ts';
import { EnterpriseSelector } from '../../../components/pickers/EnterpriseSelector.tsx';
import { DictSelect } from '../../../crud/DictSelect.tsx';
import { FormModal } from '../../../crud/FormModal.tsx';
import { useLang } from '../../../i18n/index.ts';

/** user_type 2: a company (enterprise) account, which belongs to one enterprise. */
const COMPANY = 2;
const USER_TYPE = user.fields.find((field) => field.name === 'userType')!;

interface Values {
  userType: number;
  enterpriseId?: string;
  userExt?: string;
}

/** Empty, or text that parses as JSON. */
export function isJsonOrEmpty(text: string | undefined): boolean {
  if (!text?.trim()) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 平台配置 of one user (update-platform): the account type from the user_type dictionary, the
 * enterprise of a company account (picked in the enterprise selector) and the extension as JSON.
 */
export function PlatformModal({
  userId,
  onClose,
  onSaved,
}: {
  userId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('system');
  const lang = useLang();
  const settings = useQuery({
    queryKey: ['system', 'platform-detail', userId],
    queryFn: () => fetchPlatformSettings(userId),
    gcTime: 0,
  });
  return (
    <FormModal<Values>
      title={t('user.platformTitle')}
      width={600}
      labelCol={{ flex: '100px' }}
      loading={settings.isPending}
      saveDisabled={settings.isError}
      initialValues={
        settings.data && {
          userType: settings.data.userType ?? undefined,
          enterpriseId: settings.data.enterpriseId ?? undefined,
          userExt: settings.data.userExt ?? '',
        }
      }
      submit={({ userType, enterpriseId, userExt }) =>
        savePlatformSettings(userId, {
          userType,
          // Only a company account belongs to an enterprise.
          enterpriseId: userType === COMPANY ? (enterpriseId ?? null) : null,
          userExt: userExt?.trim() ? userExt : null,
        })
      }
      savedMessage={t('done')}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="userType"
        label={USER_TYPE.label[lang]}
        rules={[{ required: true, message: t('user.userTypeRequired') }]}
      >
        <DictSelect field={USER_TYPE} />
      </Form.Item>
      <Form.Item noStyle dependencies={['userType']}>
        {({ getFieldValue }) =>
          getFieldValue('userType') === COMPANY && (
            <Form.Item
              name="enterpriseId"
              label={t('user.enterprise')}
              rules={[{ required: true, message: t('user.enterpriseRequired') }]}
              validateTrigger="onChange"
            >
              <EnterpriseSelector placeholder={t('user.enterpriseRequired')} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item
        name="userExt"
        label={t('user.userExt')}
        extra={t('user.userExtHelp')}
        rules={[
          { validator: async (_, text) => (isJsonOrEmpty(text) ? undefined : Promise.reject(t('user.userExtJson'))) },
        ]}
      >
        <Input.TextArea rows={6} maxLength={10_000} placeholder={t('user.userExtPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
