import { CheckCircleOutlined } from '@ant-design/icons';
import type { EntityDef } from '@park/catalog';
import { Button, Input, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { enableProvider } from '../../../api/resource.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { DictLabel } from '../../../crud/DictSelect.tsx';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { useLang } from '../../../i18n/index.ts';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';

/** BladeX's provider status: 2 is the tenant's one enabled configuration. */
export const ENABLED = 2;

/** A secret typed hidden; the server sends `******` in its place and keeps the stored value when that comes back. */
export function useSecretInput(entity: EntityDef, name: string): FieldInputs {
  const { t } = useTranslation('crud');
  const lang = useLang();
  const label = entity.fields.find((f) => f.name === name)?.label[lang] ?? name;
  return {
    [name]: ({ readOnly }) => (
      <Input.Password
        name={name}
        autoComplete="new-password"
        placeholder={readOnly ? undefined : t('inputPlaceholder', { label })}
      />
    ),
  };
}

/**
 * The SMS and OSS screens: the generic list with the secret key typed hidden, the status as a tag
 * and an 启用 row action (asks first) that makes the row the tenant's one enabled provider; a
 * screen's own row actions (SMS's 发送测试) follow it.
 */
export function ProviderPage({ entity, rowActions }: { entity: EntityDef; rowActions?: (row: Row) => ReactNode }) {
  const { t } = useTranslation('resource');
  const can = useCrudPermissions(entity.key);
  const confirmed = useConfirmedAction();
  const inputs = useSecretInput(entity, 'secretKey');
  const status = entity.fields.find((f) => f.name === 'status');

  return (
    <CrudPage
      entity={entity}
      inputs={inputs}
      columns={[
        {
          key: 'status',
          render: (value: unknown) =>
            status && (
              <Tag color={value === ENABLED ? 'success' : 'default'}>
                <DictLabel field={status} value={value} />
              </Tag>
            ),
        },
      ]}
      rowActions={(row, { reload }) => (
        <>
          {can.edit && row.status !== ENABLED && (
            <Button
              type="link"
              size="small"
              icon={<CheckCircleOutlined />}
              onClick={() =>
                confirmed({
                  ids: [row.id],
                  question: t('confirmEnable'),
                  call: ([id]) => enableProvider(entity, id),
                  done: reload,
                })
              }
            >
              {t('enable')}
            </Button>
          )}
          {rowActions?.(row)}
        </>
      )}
    />
  );
}
