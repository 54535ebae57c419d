import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** A screen's own row buttons, after the three. */
  children?: ReactNode;
}

/** 查看 / 编辑 / 删除 of one row; an action the user may not take is left out. */
export function RowActions({ onView, onEdit, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation('crud');
  return (
    <Space size={0}>
      {onView && (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={onView}>
          {t('view')}
        </Button>
      )}
      {onEdit && (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
          {t('edit')}
        </Button>
      )}
      {onDelete && (
        <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={onDelete}>
          {t('delete')}
        </Button>
      )}
      {children}
    </Space>
  );
}
