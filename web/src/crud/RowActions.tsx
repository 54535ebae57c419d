import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** 查看 / 编辑 / 删除 of one row; an action the user may not take is left out. */
export function RowActions({ onView, onEdit, onDelete }: RowActionsProps) {
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
    </Space>
  );
}
