import { Button, Flex, Modal, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeModelIcon } from '../../../../api/workflow-design.ts';
import { toast } from '../../../../feedback.ts';
import { menuIconOf } from '../../../../shell/menuIcon.tsx';

/** The icons a model may show, named as menus name theirs (`account-book`: antd's AccountBookOutlined). */
export const MODEL_ICONS = [
  'audit',
  'file-text',
  'schedule',
  'account-book',
  'pay-circle',
  'tool',
  'carry-out',
  'solution',
  'team',
  'home',
  'shop',
  'safety-certificate',
  'file-protect',
  'container',
  'coffee',
  'branches',
] as const;

/** A model's icon as the list shows it: each icon's code loads when first drawn (shell/menuIcon.tsx). */
export function ModelIcon({ name, size = 18 }: { name: string; size?: number }) {
  const Icon = menuIconOf(name);
  return <Icon style={{ fontSize: size }} aria-hidden />;
}

/** 图标: one of MODEL_ICONS for a model, saved with design/model/changeIcon. */
export function ModelIconModal({
  model,
  onClose,
  onDone,
}: {
  model: { id: string; name: string; icon?: string | null };
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['workflow', 'common']);
  const { token } = theme.useToken();
  const [picked, setPicked] = useState<string | undefined>(model.icon ?? undefined);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!picked) {
      toast.warning(t('icon.required'));
      return;
    }
    setSaving(true);
    try {
      await changeModelIcon(model.id, picked);
      toast.success(t('icon.changed'));
      onDone();
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('icon.title', { name: model.name })}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
    >
      <Flex wrap gap={8} role="radiogroup" aria-label={t('icon.label')}>
        {MODEL_ICONS.map((name) => {
          const checked = picked === name;
          return (
            <Button
              key={name}
              role="radio"
              aria-checked={checked}
              aria-label={t(`icon.names.${name}`)}
              title={t(`icon.names.${name}`)}
              type={checked ? 'primary' : 'default'}
              style={{ width: 56, height: 56, borderColor: checked ? token.colorPrimary : undefined }}
              onClick={() => setPicked(name)}
            >
              <ModelIcon name={name} size={24} />
            </Button>
          );
        })}
      </Flex>
    </Modal>
  );
}
