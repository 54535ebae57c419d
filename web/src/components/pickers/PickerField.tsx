import { CloseCircleFilled, SelectOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a form gives a picker input: value, onChange and id come from the Form.Item around it. */
export interface PickerInputProps<V> {
  id?: string;
  value?: V | null;
  onChange?: (value: V | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
}

interface PickerFieldProps {
  id?: string;
  /** The picked rows' names. */
  text: string;
  placeholder?: string;
  disabled?: boolean;
  onOpen: () => void;
  onClear: () => void;
}

/** The read-only input of a picker: shows the picked names, a click opens the dialog, a cross clears it. */
export function PickerField({ id, text, placeholder, disabled, onOpen, onClear }: PickerFieldProps) {
  const { t } = useTranslation(['pickers', 'crud']);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        readOnly
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onClick={() => !disabled && onOpen()}
        style={{ cursor: disabled ? undefined : 'pointer' }}
        suffix={
          text && !disabled ? (
            <CloseCircleFilled
              role="button"
              aria-label={t('crud:reset')}
              style={{ color: 'rgba(0,0,0,0.25)' }}
              onClick={(event) => {
                event.stopPropagation();
                onClear();
              }}
            />
          ) : (
            <span />
          )
        }
      />
      <Button icon={<SelectOutlined />} disabled={disabled} onClick={onOpen} aria-label={t('pickers:pick')} />
    </Space.Compact>
  );
}
