import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http.ts';
import type { PickerInputProps } from './PickerField.tsx';
import { addTag, checkTagKey, newTags, type TagKey, tagsOf } from './tags.ts';

interface TagOption {
  id: string;
  tagKey: string;
  tagValue: string;
}

/** The tags offered for a key: its dictionary's entries, then the tags the tenant's people added. */
const optionsQuery = (tagKey: TagKey) => ({
  queryKey: ['tag-option', tagKey],
  queryFn: () => request<TagOption[]>('blade-basic/tag-option/select', { query: { tagKey } }),
  staleTime: 60_000,
});

/**
 * Tags typed or picked from the tag key's list (blade-basic/tag-option/select), kept as one comma-joined
 * value; blanks and repeats are skipped. A tag typed that the list does not offer yet is added to it
 * (tag-option/submit, which skips what exists), so the next form offers it. A tag key outside the known
 * lists is refused with 不被期望的tagKey, shown in place of the input.
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
  let key: TagKey;
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
}: PickerInputProps<string> & { tagKey: TagKey }) {
  const queryClient = useQueryClient();
  const options = useQuery(optionsQuery(tagKey));
  const held = tagsOf(value);
  const change = (typed: string[]) => {
    const next = typed.reduce(addTag, []);
    const added = newTags(next, held, new Set(options.data?.map((o) => o.tagValue)));
    if (added.length > 0) {
      // A refusal is shown by the client; the tag stays in this value all the same.
      void request('blade-basic/tag-option/submit', {
        method: 'POST',
        body: added.map((tagValue) => ({ tagKey, tagValue })),
      })
        .then(() => queryClient.invalidateQueries({ queryKey: ['tag-option', tagKey] }))
        .catch(() => undefined);
    }
    onChange?.(next.join(',') || undefined);
  };
  return (
    <Select
      id={id}
      mode="tags"
      tokenSeparators={[',', '，']}
      value={held}
      placeholder={placeholder}
      disabled={disabled}
      loading={options.isPending}
      options={options.data?.map((o) => ({ value: o.tagValue, label: o.tagValue }))}
      onChange={change}
      style={{ width: '100%' }}
    />
  );
}
