import { Alert, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../crud/useDictionary.ts';
import type { PickerInputProps } from './PickerField.tsx';
import { addTag, checkTagKey, tagsOf } from './tags.ts';

/**
 * Tags typed or picked from the tag key's list (its dictionary), kept as one comma-joined value;
 * blanks and repeats are skipped. A tag key outside the known lists is refused with 不被期望的tagKey,
 * shown in place of the input.
 */
export function TagInput({
  tagKey,
  id,
  value,
  onChange,
  placeholder,
  disabled,
}: PickerInputProps<string> & { tagKey: string }) {
  const { t } = useTranslation('pickers');
  let key: string;
  try {
    key = checkTagKey(tagKey);
  } catch (error) {
    return <Alert type="error" showIcon title={(error as Error).message} />;
  }
  return (
    <TagSelect
      tagKey={key}
      id={id}
      value={value}
      onChange={onChange}
      placeholder={placeholder ?? t('tagPlaceholder')}
      disabled={disabled}
    />
  );
}

function TagSelect({
  tagKey,
  id,
  value,
  onChange,
  placeholder,
  disabled,
}: PickerInputProps<string> & { tagKey: string }) {
  const options = useDictionary(tagKey);
  return (
    <Select
      id={id}
      mode="tags"
      tokenSeparators={[',', '，']}
      value={tagsOf(value)}
      placeholder={placeholder}
      disabled={disabled}
      loading={options.isPending}
      options={options.data?.map((entry) => ({ value: entry.dictValue, label: entry.dictValue }))}
      onChange={(typed: string[]) => onChange?.(typed.reduce(addTag, []).join(',') || undefined)}
      style={{ width: '100%' }}
    />
  );
}
